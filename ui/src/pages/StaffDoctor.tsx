// /staff/doctors/new and /staff/doctors/{id} (src/pages/staff.rs, doctor;
// hygo_directory::doctor_edit, hygo_directory::doctor_photos): a doctor's profile as the
// public pages show it, for admins to add or edit; the photo (a multipart upload);
// retiring and bringing back. The desk sees the same page without the forms.
import { Fragment } from "react";
import { fill, formatDate } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field } from "../components/form";
import { DoctorImage } from "../components/ui";
import { ButtonForm, AffectedRequests, StaffErrors, StaffForm, StaffFrame, StaffState, useFieldError, useRefusedForm, useSent, useStaff, useStaffTexts, StaffLink } from "../components/staff";
import { DoneNote } from "../components/staff-done";
import type { StaffDoctorFields } from "../types";
import { pageLink, writeLink } from "../lib/links";

const FIELDS = ["name", "specialization", "department", "experience", "bio", "education", "services", "languages", "insurances",
  "clinic", "registrationNumber", "registrationCouncil", "availability", "fee", "rating", "ratingCount", "ratingSource"] as const;
type Name = (typeof FIELDS)[number];
const LISTS: readonly Name[] = ["education", "services", "languages", "insurances"];

function StaffDoctorPage() {
  const state = usePageProps("StaffDoctor");
  const t = useStaffTexts().doctor;
  const { bar } = useStaff();
  const errors = Object.fromEntries(FIELDS.map((f) => [f, useFieldError(f)])) as Record<Name, string | undefined>;
  const sent = Object.fromEntries(FIELDS.map((f) => [f, useSent(f)])) as Record<Name, string>;
  const photoError = useFieldError("photo");
  const which = useRefusedForm({ doctor: FIELDS, photo: ["photo"] });
  if (state.status !== "ready") return <StaffState status={state.status} />;
  const d = state.props.data;
  const refused = which === "doctor";
  const value = (f: Name) => (refused ? sent[f] : (d.fields as StaffDoctorFields)[f]);
  if (!d.id && state.props.page !== "staff-doctor-new") {
    return <div className="container page-body"><h1>{t.notFound}</h1><p><StaffLink to={pageLink("staff-doctors")}>{t.back}</StaffLink></p></div>;
  }
  const name = d.fields.name;
  const formId = "doctor";
  const input = (f: Name, extra: Record<string, unknown> = {}) => (
    <input {...describedBy(formId, f, errors[f], !!extra.hint)} className="input" defaultValue={value(f)} {...(extra.attrs as object)} />
  );
  // What the desk reads: the profile as text (a field it cannot change is no input).
  const shown = (f: Name) => {
    const v = value(f) ?? "";
    if (f === "department") return d.departments.find((o) => String(o.id) === String(v))?.name ?? "";
    if (f === "clinic") return d.clinics.find((o) => o.id === v)?.name ?? "";
    return String(v);
  };
  return (
    <div className="container page-body">
      <p><StaffLink to={pageLink("staff-doctors")}>{t.back}</StaffLink></p>
      <h1>{d.id ? fill(t.heading, { doctor: name }) : t.addHeading}</h1>
      <DoneNote texts={t.done} />
      {which === "" ? <StaffErrors form="page" /> : null}
      {d.retiredOn ? (
        <>
          <p className="staff-note">{fill(t.retiredNote, { date: formatDate(d.retiredOn) })}</p>
          <AffectedRequests rows={d.upcoming} heading={t.upcoming} none={t.noneUpcoming} />
        </>
      ) : null}
      {d.id ? (
        <p className="staff-links">
          <StaffLink to={pageLink("staff-hours", { id: d.id })}>{t.hoursLink}</StaffLink>
          {d.retiredOn ? null : <> · <a href={`/doctors/${d.id}`}>{t.publicLink}</a></>}
        </p>
      ) : null}
      <section aria-labelledby="profile-h">
        <h2 id="profile-h">{t.profile}</h2>
        {d.canEdit ? (
        <StaffForm action={d.id ? writeLink("/staff/doctors/{id}", { id: d.id }) : writeLink("/staff/doctors")} id={formId}>
          {refused ? <StaffErrors form={formId} order={FIELDS} /> : null}
          <input type="hidden" name="op" value={d.id ? "save" : "add"} />
          <Field form={formId} name="name" label={t.fields.name} error={errors.name} required>{input("name", { attrs: { maxLength: d.limits.name, autoComplete: "off" } })}</Field>
          <Field form={formId} name="specialization" label={t.fields.specialization} error={errors.specialization} required>{input("specialization", { attrs: { maxLength: d.limits.specialization } })}</Field>
          <Field form={formId} name="department" label={t.fields.department} error={errors.department} required>
            <select {...describedBy(formId, "department", errors.department)} className="input" defaultValue={value("department")}>
              <option value="">{t.chooseDepartment}</option>
              {d.departments.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </select>
          </Field>
          <Field form={formId} name="experience" label={t.fields.experience} error={errors.experience} required>{input("experience", { attrs: { inputMode: "numeric", maxLength: d.limits.experience } })}</Field>
          <Field form={formId} name="clinic" label={t.fields.clinic} error={errors.clinic} required>
            <select {...describedBy(formId, "clinic", errors.clinic)} className="input" defaultValue={value("clinic")}>
              {d.clinics.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </select>
          </Field>
          <Field form={formId} name="bio" label={t.fields.bio} error={errors.bio} required>
            <textarea {...describedBy(formId, "bio", errors.bio)} className="input" rows={5} maxLength={d.limits.bio} defaultValue={value("bio")} />
          </Field>
          {LISTS.map((f) => (
            <Field key={f} form={formId} name={f} label={t.fields[f as keyof typeof t.fields]} hint={t.listHint} error={errors[f]}>
              <textarea {...describedBy(formId, f, errors[f], true)} className="input" rows={3} defaultValue={value(f)} />
            </Field>
          ))}
          <Field form={formId} name="registrationNumber" label={t.fields.registrationNumber} hint={t.registrationHint} error={errors.registrationNumber}>
            {input("registrationNumber", { hint: true, attrs: { maxLength: d.limits.registrationNumber } })}
          </Field>
          <Field form={formId} name="registrationCouncil" label={t.fields.registrationCouncil} hint={t.councilHint} error={errors.registrationCouncil}>
            {input("registrationCouncil", { hint: true, attrs: { maxLength: d.limits.registrationCouncil } })}
          </Field>
          <Field form={formId} name="availability" label={t.fields.availability} hint={t.availabilityHint} error={errors.availability}>
            {input("availability", { hint: true, attrs: { maxLength: d.limits.availability } })}
          </Field>
          <Field form={formId} name="fee" label={t.fields.fee} hint={t.feeHint} error={errors.fee}>
            {input("fee", { hint: true, attrs: { inputMode: "numeric", maxLength: d.limits.fee } })}
          </Field>
          <Field form={formId} name="rating" label={t.fields.rating} hint={t.ratingHint} error={errors.rating}>
            {input("rating", { hint: true, attrs: { inputMode: "decimal", maxLength: d.limits.rating } })}
          </Field>
          <Field form={formId} name="ratingCount" label={t.fields.ratingCount} error={errors.ratingCount}>
            {input("ratingCount", { attrs: { inputMode: "numeric", maxLength: d.limits.ratingCount } })}
          </Field>
          <Field form={formId} name="ratingSource" label={t.fields.ratingSource} error={errors.ratingSource}>
            {input("ratingSource", { attrs: { maxLength: d.limits.ratingSource } })}
          </Field>
          <button type="submit" className="button button--primary">{d.id ? t.save : t.addSubmit}</button>
        </StaffForm>
        ) : (
          <dl className="staff-dl">
            {FIELDS.filter((f) => shown(f) !== "").map((f) => (
              <Fragment key={f}><dt>{t.fields[f as keyof typeof t.fields]}</dt><dd className="staff-text"><bdi>{shown(f)}</bdi></dd></Fragment>
            ))}
          </dl>
        )}
      </section>
      {d.id ? (
        <section aria-labelledby="photo-h">
          <h2 id="photo-h">{t.photoHeading}</h2>
          {d.photo ? <DoctorImage name={name} image={null} photo={d.photo} size={144} lazy={false} /> : <p>{t.photoNone}</p>}
          {d.canEdit ? (
            <>
              <form method="post" action={writeLink("/staff/doctors/{id}/photo", { id: d.id })} encType="multipart/form-data" id="photo" className="staff-form" noValidate>
                {bar?.csrf ? <input type="hidden" name="csrf" value={bar.csrf} /> : null}
                {photoError ? <StaffErrors form="photo" order={["photo"]} /> : null}
                <input type="hidden" name="op" value="upload" />
                <Field form="photo" name="photo" label={t.photoField} hint={fill(t.photoHint, { mb: d.maxPhotoMb })} error={photoError}>
                  <input {...describedBy("photo", "photo", photoError, true)} type="file" className="input" accept="image/jpeg,image/png,image/webp" />
                </Field>
                <button type="submit" className="button button--primary">{t.upload}</button>
              </form>
              {d.photo ? (
                <form method="post" action={writeLink("/staff/doctors/{id}/photo", { id: d.id })} encType="multipart/form-data" id="photo-remove" className="staff-inline">
                  {bar?.csrf ? <input type="hidden" name="csrf" value={bar.csrf} /> : null}
                  <input type="hidden" name="op" value="remove" />
                  <button type="submit" className="button button--outline">{t.removePhoto}</button>
                </form>
              ) : null}
            </>
          ) : null}
        </section>
      ) : null}
      {d.id && d.canEdit ? (
        <section aria-labelledby="retire-h">
          <h2 id="retire-h">{t.retireHeading}</h2>
          <p>{d.retiredOn ? t.returnHint : t.retireHint}</p>
          <ButtonForm action={writeLink("/staff/doctors/{id}", { id: d.id })} id="retire" fields={{ op: d.retiredOn ? "return" : "retire" }} label={d.retiredOn ? t.return : t.retire} />
        </section>
      ) : null}
    </div>
  );
}

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffDoctor() {
  return <StaffFrame><StaffDoctorPage /></StaffFrame>;
}

// The two booking wizards (spec sections 2, 4 and 5).
// A, /appointment: Personal Info, Appointment (department, doctor, day, time in
// two levels, visit, reason, symptoms, notes, insurance), Confirm.
// B, /appointment/{doctorId}: the doctor's card, then Personal Info, Schedule (day,
// and the same two-level times as A: section 9's hourly slots offered only the
// hours, and a day whose hours were taken looked full with quarter hours free;
// issue 43), Review.
// One form renders every step. Without JavaScript it posts to the page's path and
// the server answers with the next step (see src/actions/appointment.rs); with it,
// the same buttons change step here, the times come from /appointments/slots and
// the request goes to /appointments/bookAppointment. Either way nothing is
// checked until the request is sent, as in the original; then the first step
// with a problem is shown with its messages.
import { ArrowLeft, ChevronLeft, ChevronRight, MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AppointmentDone, ClinicPlace, type Booked } from "../components/done";
import { ErrorSummary, Field, FormGuard, PrivacyNotice, TextField, describedBy, fieldId, postJson, type Errors } from "../components/form";
import { ClosureNotes, DoctorImage, DoctorStatus, EmergencyNote, Spinner, DoctorFee, DoctorRating, usePlural } from "../components/ui";
import {
  addDays, dayOfMonth, daysBetween, fill, hhmm, hourLabel, longDate, minutesOf, timeOfDay, mondayOf, monthsOf, weekdayName, weekdayShort, weeksBetween,
} from "../lib/format";
import { usePageProps } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { AppointmentData, AppointmentProps, AppointmentTexts, DaySlots, Doctor, FormState } from "../types";
import wizard from "../generated/wizard.json";
import { link } from "../lib/public-links";
import { inLanguage } from "../lib/language";

type Data = AppointmentProps["data"];
const FORM = "appt";

interface Values {
  name: string;
  phone: string;
  email: string;
  isNewPatient: string;
  updates: string;
  insurance: string;
  policyNumber: string;
  department: string;
  doctor: string;
  date: string;
  time: string;
  visitType: string;
  reason: string;
  selectedSymptoms: string[];
  additionalNotes: string;
  confirm: boolean;
}

const TEXT_FIELDS = ["name", "phone", "email", "updates", "isNewPatient", "insurance", "policyNumber", "department", "doctor", "date", "time",
  "visitType", "reason", "additionalNotes"] as const;

function startValues(form: FormState | undefined, data: Data, general: boolean, presetDepartment: string | null): Values {
  const v = form?.values ?? {};
  const s = (k: string, d = "") => (typeof v[k] === "string" ? (v[k] as string) : d);
  const symptoms = v.selectedSymptoms;
  return {
    name: s("name"), phone: s("phone"), email: s("email"),
    updates: s("updates", "none"), isNewPatient: s("isNewPatient", "yes"), insurance: s("insurance"), policyNumber: s("policyNumber"),
    department: s("department", presetDepartment ?? ""),
    doctor: general ? s("doctor") : data.doctor?.name ?? "",
    // Wizard B opens on the doctor's first day that can be booked, not on a day without hours.
    date: s("date", general ? data.today : firstOpen(data, data.doctor?.id)), time: s("time"),
    visitType: s("visitType", "in-person"), reason: s("reason"),
    selectedSymptoms: Array.isArray(symptoms) ? symptoms : typeof symptoms === "string" && symptoms ? [symptoms] : [],
    additionalNotes: s("additionalNotes"), confirm: s("confirm") !== "",
  };
}

/** A doctor's first day from today that can be booked (`dayLetter` "o"); today when none is known. */
function firstOpen(data: Data, doctor: number | undefined): string {
  const days = data.days.find((d) => d.doctor === doctor)?.days ?? "";
  const i = days.indexOf("o");
  return i < 0 ? data.today : addDays(data.today, i);
}

/** Which step shows a field: the server's table (src/actions/appointment.rs, generated). */
function stepOf(field: string, general: boolean): number {
  const steps: Record<string, number> = general ? wizard.general : wizard.doctor;
  return steps[field] ?? wizard.otherFields;
}

type Slots =
  | { state: "idle" }
  | { state: "loading"; key: string }
  | ({ state: "ready"; key: string } & DaySlots)
  | { state: "error"; key: string };

type ListedDoctor = Pick<Doctor, "name" | "leave" | "clinic" | "clinics">;

/**
 * Whether a doctor's day cannot be chosen, as the slot engine decided it on the
 * server (`data.days`: one letter a day from today; `l` on leave, `x` every
 * range closed by a clinic closure). The strip never decides it itself.
 */
/** What the slot engine says of a doctor's day (`DayAvailability::letter` on the
 * server): "o" open, "f" full, "p" past, "c" no hours, "l" on leave, "x" clinic
 * closed; "" when no doctor is chosen yet or the day is beyond what was sent. */
function dayLetter(data: AppointmentData, doctor: number | undefined, iso: string): string {
  const days = data.days.find((d) => d.doctor === doctor)?.days ?? "";
  return iso < data.today ? "" : days.charAt(daysBetween(data.today, iso));
}

/** Why there is no time to choose on a day, in the visitor's words. */
function noTimesMessage(texts: AppointmentTexts, slots: DaySlots, doctor: ListedDoctor | undefined, date: string, closedText: string): string {
  const who = doctor?.name ?? "";
  switch (slots.availability) {
    case "clinic-closed":
      return slots.closure ? fill(closedText, { clinic: slots.closure.clinicName, date: longDate(date), note: slots.closure.note }) : fill(texts.noHours, { weekday: weekdayName(date) });
    case "on-leave": {
      const open = doctor?.leave.find((l) => l.from <= date && (l.until === null || date <= l.until))?.until === null;
      if (open) return fill(texts.onLeaveOpen, { doctor: who });
      return slots.backOn ? fill(texts.onLeaveDay, { doctor: who, date: longDate(date), back: longDate(slots.backOn) })
        : fill(texts.onLeaveDayNoBack, { doctor: who, date: longDate(date) });
    }
    case "closed":
      return fill(texts.noHours, { weekday: weekdayName(date) });
    case "past":
      return fill(texts.pastSlots, { date: longDate(date) });
    default:
      return fill(texts.noFreeSlots, { date: longDate(date) });
  }
}

function DateStrip({ texts, today, maxDaysAhead, date, week, interactive, dayOf, onPick, onWeek, timesAction }: {
  texts: AppointmentTexts;
  /** Without JavaScript, where a day's page lands: its times (`#times`), not the top of the page. */
  timesAction: string;
  today: string;
  maxDaysAhead: number;
  date: string;
  week: number;
  interactive: boolean;
  /** The server's word for a day of the chosen doctor (`dayLetter`): only an open
   * day (or any day before a doctor is chosen) can be picked; the others say why. */
  dayOf: (iso: string) => string;
  onPick: (iso: string) => void;
  onWeek: (week: number) => void;
}) {
  const last = addDays(today, maxDaysAhead);
  const first = addDays(mondayOf(today), 7 * week);
  const days = Array.from({ length: 7 }, (_, i) => addDays(first, i));
  const quick: [string, string][] = [[texts.today, today], [texts.tomorrow, addDays(today, 1)], [texts.nextWeek, addDays(today, 7)]];
  const click = (fn: () => void) => (e: React.MouseEvent) => {
    if (!interactive) return;
    e.preventDefault();
    fn();
  };
  return (
    <fieldset className="field date-picker" aria-describedby={`${FORM}-date-hint`}>
      <legend className="field-label">{texts.fields.date}<span className="required-mark" aria-hidden="true"> *</span></legend>
      <input type="hidden" name="weekOffset" value={week} />
      <input type="hidden" name="date" value={date} />
      <p id={`${FORM}-date-hint`} className="field-hint">{fill(texts.chosen, { date: longDate(date) })}</p>
      <div className="quick-dates">
        {quick.map(([label, iso]) => (
          <button key={label} type="submit" name="pickDate" value={iso} className="chip" aria-pressed={date === iso} formAction={timesAction}
            disabled={iso > last || !["", "o"].includes(dayOf(iso))} onClick={click(() => onPick(iso))}>{label}</button>
        ))}
      </div>
      <div className="week-head">
        <button type="submit" name="week" value={week - 1} className="icon-button" disabled={week === 0} formAction={timesAction}
          onClick={click(() => onWeek(week - 1))}>
          <ChevronLeft aria-hidden="true" focusable="false" size={20} /><span className="visually-hidden">{texts.previousWeek}</span>
        </button>
        <p className="week-title" aria-live="polite">{monthsOf(days[0], days[6])}</p>
        <button type="submit" name="week" value={week + 1} className="icon-button" disabled={addDays(first, 7) > last} formAction={timesAction}
          onClick={click(() => onWeek(week + 1))}>
          <ChevronRight aria-hidden="true" focusable="false" size={20} /><span className="visually-hidden">{texts.followingWeek}</span>
        </button>
      </div>
      <ul className="day-strip plain-list" id={fieldId(FORM, "date")} tabIndex={-1}>
        {days.map((iso) => {
          const letter = dayOf(iso);
          const words: Record<string, string> = { f: texts.dayStatus.full, p: texts.dayStatus.past, c: texts.dayStatus.noHours, l: texts.dayStatus.onLeave, x: texts.dayStatus.clinicClosed };
          const status = iso < today || iso > last ? "" : words[letter] ?? "";
          const off = iso < today || iso > last || (letter !== "" && letter !== "o");
          return (
            <li key={iso}>
              <button type="submit" name="pickDate" value={iso} className={`day${status ? " day--" + letter : ""}`} disabled={off} aria-pressed={iso === date} formAction={timesAction}
                aria-label={status ? fill(texts.dayLabel, { date: longDate(iso), status }) : longDate(iso)} onClick={click(() => onPick(iso))}>
                <span className="day-name" aria-hidden="true">{weekdayShort(iso)}</span>
                <span className="day-number" aria-hidden="true">{dayOfMonth(iso)}</span>
                {status ? <span className="day-status" aria-hidden="true">{status}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Both wizards' times: an hour block, then its 15-minute slots (all at once without JavaScript). */
function TimePicker({ texts, slots, values, doctor, interactive, error, onTime, timesAction }: {
  texts: AppointmentTexts;
  timesAction: string;
  slots: Slots;
  values: Values;
  doctor: ListedDoctor | undefined;
  interactive: boolean;
  error?: string;
  onTime: (t: string) => void;
}) {
  const formTexts = useTexts("form");
  const closedText = useTexts("closures").noTimes;
  const [hour, setHour] = useState<number | null>(() => {
    const m = minutesOf(values.time);
    return m === null ? null : Math.floor(m / 60);
  });
  const hourOf = (t: string) => Math.floor((minutesOf(t) ?? 0) / 60);
  let body;
  if (!values.doctor) body = <p className="page-status">{texts.selectDoctorFirst}</p>;
  else if (slots.state === "loading") body = <p className="page-status">{texts.loadingSlots}</p>;
  else if (slots.state === "error") body = <p className="page-status page-status--error">{texts.slotsFailed}</p>;
  else if (slots.state === "idle") body = null;
  else {
    const free = slots.availableSlots.filter((t) => !slots.bookedSlots.includes(t));
    if (!free.length) {
      body = <p className="page-status">{noTimesMessage(texts, slots, doctor, values.date, closedText)}</p>;
    } else {
      const hours = [...new Set(free.map(hourOf))];
      // The value is the time as data ("14:15"), the label the page's language's.
      const chosen = minutesOf(values.time);
      const radios = (list: string[]) => list.map((t) => (
        <label key={t} className="slot">
          <input type="radio" name="time" value={hhmm(t)} checked={chosen === minutesOf(t)} onChange={() => onTime(hhmm(t))}
            id={chosen === minutesOf(t) || (!values.time && t === free[0]) ? fieldId(FORM, "time") : undefined} />
          <span>{timeOfDay(t)}</span>
        </label>
      ));
      if (!interactive) {
        body = hours.map((h) => (
          <fieldset key={h} className="slot-group">
            <legend>{hourLabel(h)}</legend>
            <div className="slot-grid">{radios(free.filter((t) => hourOf(t) === h))}</div>
          </fieldset>
        ));
      } else if (hour === null || !hours.includes(hour)) {
        body = (
          <ul className="slot-grid plain-list" aria-label={texts.hoursLabel}>
            {hours.map((h) => (
              <li key={h}>
                <button type="button" className="slot slot--hour" id={h === hours[0] ? fieldId(FORM, "time") : undefined}
                  onClick={() => setHour(h)}>{hourLabel(h)}</button>
              </li>
            ))}
          </ul>
        );
      } else {
        body = (
          <div role="group" aria-label={fill(texts.timesFrom, { hour: hourLabel(hour) })}>
            <button type="button" className="text-button" onClick={() => { setHour(null); onTime(""); }}>
              <ArrowLeft aria-hidden="true" focusable="false" size={16} /> {texts.backToHours}
            </button>
            <div className="slot-grid">{radios(free.filter((t) => hourOf(t) === hour))}</div>
          </div>
        );
      }
    }
  }
  return (
    <fieldset id="times" className={`field time-picker${error ? " field--error" : ""}`} aria-describedby={error ? `${FORM}-time-error` : undefined}>
      <legend className="field-label">{texts.fields.time}<span className="required-mark" aria-hidden="true"> *</span></legend>
      {error ? <p className="field-error" id={`${FORM}-time-error`}><span className="visually-hidden">{formTexts.errorPrefix}</span>{error}</p> : null}
      {/* Without JavaScript: before the times it shows, and landing on them. */}
      {!interactive ? <button type="submit" name="action" value="slots" className="button button--outline" formAction={timesAction}>{texts.showTimes}</button> : null}
      <div aria-live="polite">{body}</div>
    </fieldset>
  );
}

/**
 * "This form is not for emergencies": shown as soon as "Emergency" or a red-flag
 * symptom is chosen. Without JavaScript CSS shows it (`:has()` on the checked
 * option or box, marked `data-red-flag`); with it, the wizard's state does, and
 * the live region reads it out.
 */
function RedFlagNotice({ texts, shown }: { texts: AppointmentTexts; shown: boolean }) {
  return (
    <div className="red-flag-region" aria-live="assertive">
      <div className={`red-flag${shown ? " is-shown" : ""}`} data-red-flag-notice="">
        <h3 className="red-flag-heading">{texts.redFlagHeading}</h3>
        <p><EmergencyNote text={texts.redFlagText} /></p>
        <p>{texts.redFlagFollowUp}</p>
      </div>
    </div>
  );
}

function Radios({ name, legend, options, value, onChange, error, hint }: {
  name: string;
  legend: string;
  options: { id: string; label: string }[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** Said before the choices, and read with the group. */
  hint?: string;
}) {
  const described = [hint ? `${FORM}-${name}-hint` : "", error ? `${FORM}-${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className={`field radio-group${error ? " field--error" : ""}`} aria-describedby={described || undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? <p className="field-hint" id={`${FORM}-${name}-hint`}>{hint}</p> : null}
      {error ? <p className="field-error" id={`${FORM}-${name}-error`}>{error}</p> : null}
      <div className="radio-row">
        {options.map((o, i) => (
          <label key={o.id} className="radio">
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)}
              id={i === 0 ? fieldId(FORM, name) : undefined} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DoctorCard({ doctor }: { doctor: Doctor }) {
  const count = usePlural();
  const t = useTexts("appointment");
  return (
    <div className="card doctor-header">
      <DoctorImage name={doctor.name} image={doctor.image} photo={doctor.photo} size={88} />
      <div>
        <h2 className="doctor-header-name">{doctor.name}</h2>
        <p>{count(t.experience, doctor.experience, { specialization: doctor.specialization })}</p>
        <DoctorRating rated={doctor.rated} />
        <DoctorFee fee={doctor.fee} />
        <p className="muted"><MapPin aria-hidden="true" focusable="false" size={16} /> {doctor.location}</p>
        <DoctorStatus doctor={doctor} />
      </div>
    </div>
  );
}

function Wizard({ data, initial }: { data: Data; initial?: FormState }) {
  const location = useLocation();
  const general = data.variant === "general";
  const texts = data.texts;
  const formTexts = useTexts("form");
  const params = new URLSearchParams(location.search);
  const flag = (location.state as { isGeneralConsultation?: unknown } | null)?.isGeneralConsultation === true
    || params.get("isGeneralConsultation") === "true";
  // A department's "Book" button names it (`?department=cardiology`) when it is one a booking may name.
  const named = texts.departments.find((d) => d.id === params.get("department"))?.id ?? null;
  const presetDepartment = !general ? null : flag ? "general-consultation" : named;
  // General consultation hides the department choice (spec section 2); a named department stays changeable.
  const hideDepartment = general && flag;

  const [interactive, setInteractive] = useState(false);
  const [step, setStep] = useState(initial?.step ?? 1);
  const [values, setValues] = useState<Values>(() => startValues(initial, data, general, presetDepartment));
  const [week, setWeek] = useState(() => weeksBetween(data.today, values.date));
  const [errors, setErrors] = useState<Errors>(initial?.errors ?? {});
  const [message, setMessage] = useState(initial?.message ?? "");
  const [attempt, setAttempt] = useState((initial?.status ?? 0) >= 400 ? 1 : 0);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Booked | null>(null);
  const [slots, setSlots] = useState<Slots>(() => {
    const s = initial?.slots;
    return s ? { ...s, state: "ready", key: `${values.doctor}|${s.date}` } : { state: "idle" };
  });
  const [reload, setReload] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => setInteractive(true), []);

  // Each change of step scrolls to the top and puts focus on the step's heading.
  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, [step, done]);

  // Choosing a doctor and a day fetches that day's times.
  const doctorObj = general ? data.doctors?.find((d) => d.name === values.doctor) : data.doctor ?? undefined;
  const slotKey = `${values.doctor}|${values.date}`;
  useEffect(() => {
    if (!interactive || step !== 2 || !values.doctor || !values.date) return;
    if (slots.state !== "idle" && slots.key === slotKey && slots.state !== "error" && reload === 0) return;
    const controller = new AbortController();
    setSlots({ state: "loading", key: slotKey });
    const who = !general && data.doctor ? `doctorId=${data.doctor.id}` : `doctor=${encodeURIComponent(values.doctor)}`;
    fetch(`/appointments/slots?${who}&date=${values.date}`, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((b: Partial<DaySlots>) => {
        setSlots({
          state: "ready", key: slotKey, availableSlots: b.availableSlots ?? [], bookedSlots: b.bookedSlots ?? [],
          availability: b.availability ?? "open", backOn: b.backOn,
        });
        setReload(0);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSlots({ state: "error", key: slotKey });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [interactive, step, slotKey, reload]);

  const set = <K extends keyof Values>(k: K) => (v: Values[K]) => setValues((o) => ({ ...o, [k]: v }));
  const go = (to: number) => {
    moved.current = true;
    setStep(Math.min(wizard.steps, Math.max(1, to)));
  };
  const pick = (iso: string) => {
    setValues((o) => ({ ...o, date: iso, time: "" }));
    setWeek(weeksBetween(data.today, iso));
  };
  const changeWeek = (w: number) => {
    const first = addDays(mondayOf(data.today), 7 * w);
    setWeek(w);
    setValues((o) => ({ ...o, date: first < data.today ? data.today : first, time: "" }));
  };

  async function send() {
    if (!values.confirm) {
      setErrors({ confirm: texts.confirmRequired });
      setMessage("");
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    const payload = {
      name: values.name, phone: values.phone, email: values.email,
      ...(general ? { department: values.department, selectedSymptoms: values.selectedSymptoms } : { doctorId: data.doctor?.id }),
      doctor: values.doctor, date: values.date, time: values.time, visitType: values.visitType, reason: values.reason,
      additionalNotes: values.additionalNotes, insurance: values.insurance, policyNumber: values.policyNumber,
      isNewPatient: values.isNewPatient, updates: values.updates,
    };
    const answer = await postJson("/appointments/bookAppointment", payload, data.forms.networkError);
    setSending(false);
    if (answer.ok) {
      const b = (answer.data ?? {}) as Partial<Booked>;
      moved.current = true;
      setErrors({});
      setMessage("");
      setDone({
        doctor: b.doctor ?? values.doctor, date: b.date ?? values.date, time: b.time ?? values.time, visitType: b.visitType ?? values.visitType,
        reference: b.reference, clinic: b.clinic, promise: b.promise, calendar: b.calendar, byPhone: b.byPhone, page: b.page,
        details: general ? undefined : { name: values.name, phone: values.phone, email: values.email },
      });
      // The address becomes the request's own page (issue 43), so a reload, or a
      // cheap phone that reloads a tab it had put away, finds the request again.
      if (b.page) window.history.replaceState(window.history.state, "", b.page);
      return;
    }
    setErrors(answer.errors);
    setMessage(answer.message || texts.failed);
    setAttempt((n) => n + 1);
    if (answer.status === 409) {
      setValues((o) => ({ ...o, time: "" }));
      setReload((n) => n + 1);
      go(2);
    } else {
      const steps = Object.keys(answer.errors).map((f) => stepOf(f, general));
      if (steps.length) go(Math.min(...steps));
    }
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.name === "action" ? submitter.value : "next";
    if (action === "back") go(step - 1);
    else if (action === "submit" || step === wizard.steps) void send();
    else if (action === "slots") return;
    else if (step === 2) {
      // The review shows what will be sent: a doctor, a day and a time first (the server asks the same without JavaScript).
      const chosen: Record<string, boolean> = { doctor: !general || !!values.doctor, date: !!values.date, time: !!values.time };
      const missing = Object.fromEntries(Object.entries(data.reviewNeeds).filter(([field]) => !chosen[field]));
      setErrors(missing);
      setMessage("");
      if (Object.keys(missing).length) setAttempt((n) => n + 1);
      else go(3);
    } else go(step + 1);
  }

  function reset() {
    moved.current = true;
    // Back at the wizard's address (the request's page was put in its place).
    window.history.replaceState(window.history.state, "", inLanguage(location.pathname) + location.search);
    setDone(null);
    setValues(startValues(undefined, data, general, presetDepartment));
    setWeek(0);
    setErrors({});
    setMessage("");
    setSlots({ state: "idle" });
    setStep(1);
  }

  if (done) {
    return (
      <AppointmentDone texts={texts} done={done} headingRef={headingRef}>
        {general ? <Link to="/" className="button button--outline">{texts.returnHome}</Link>
          : <Link to={link("doctors")} className="button button--outline">{texts.returnDoctors}</Link>}
        <a href={inLanguage(location.pathname)} className="button button--primary" onClick={(e) => { e.preventDefault(); reset(); }}>{texts.another}</a>
      </AppointmentDone>
    );
  }

  const stepNames = general ? texts.stepsA : texts.stepsB;
  const titles = general ? texts.titlesA : texts.titlesB;
  const reasons = general ? texts.reasonsA : texts.reasonsB;
  const doctorOption = (d: NonNullable<typeof data.doctors>[number]) => (
    <option key={d.id} value={d.name}>
      {d.name} ({d.specialization}){d.onLeave ? ` – ${texts.onLeaveOption}` : ""}
    </option>
  );
  const doctors = [...(data.doctors ?? [])].sort((a, b) => a.name.replace(/^dr\.?\s*/i, "").localeCompare(b.name.replace(/^dr\.?\s*/i, "")));
  const hidden = (names: readonly string[]) => names.map((n) => {
    if (n === "selectedSymptoms") return values.selectedSymptoms.map((s) => <input key={`sym-${s}`} type="hidden" name="selectedSymptoms" value={s} />);
    const v = values[n as keyof Values];
    return typeof v === "string" && v ? <input key={n} type="hidden" name={n} value={v} /> : null;
  });
  const onStep = (n: string) => stepOf(n, general) === step && !(n === "department" && hideDepartment);
  // "Emergency" or a red-flag symptom: the notice that this form is not for emergencies.
  const redFlag = texts.redFlags.includes(values.reason) || values.selectedSymptoms.some((s) => texts.redFlags.includes(s));
  // The times of the chosen doctor and day; "loading" until the fetch starts (with JavaScript only).
  const shownSlots: Slots = slots.state !== "idle" && slots.key === slotKey ? slots
    : interactive && values.doctor ? { state: "loading", key: slotKey } : { state: "idle" };
  // Without JavaScript each step's form carries the other steps' values.
  const carried = [...TEXT_FIELDS, "selectedSymptoms"].filter((n) => !onStep(n));

  return (
    <form method="post" action={inLanguage(location.pathname)} noValidate onSubmit={onSubmit} className="wizard" aria-labelledby="wizard-step-title">
      <ol className="progress plain-list">
        {stepNames.map((name, i) => (
          <li key={name} className={i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : ""} aria-current={i + 1 === step ? "step" : undefined}>
            <span className="progress-number" aria-hidden="true">{i + 1}</span> <span className="progress-name">{name}</span>
          </li>
        ))}
      </ol>
      <div className="card form-card">
        <p className="muted">{fill(texts.stepOf, { n: String(step), total: String(wizard.steps) })}</p>
        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1}>{titles[step - 1]}</h2>
        <ErrorSummary form={FORM} title={data.forms.errorSummaryTitle} errors={errors} message={message} attempt={attempt}
          order={[...(general ? ["name", "phone", "email", "updates"] : ["name", "phone", "email", "updates", "isNewPatient", "insurance", "policyNumber"]),
            "department", "doctor", "date", "time", "visitType", "reason", "selectedSymptoms", "additionalNotes", "insurance", "policyNumber",
            "isNewPatient", "confirm"]} />
        {/* Enter in a field means the step's main button, not the first day button. */}
        <button type="submit" name="action" value={step < wizard.steps ? "next" : "submit"} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="step" value={step} />
        {hidden(carried)}
        {values.confirm && step !== 3 ? <input type="hidden" name="confirm" value="yes" /> : null}

        {step === 1 ? (
          <>
            <TextField form={FORM} name="name" label={texts.fields.name} value={values.name} onChange={set("name")} error={errors.name} autoComplete="name" required />
            <TextField form={FORM} name="phone" label={texts.fields.phone} value={values.phone} onChange={set("phone")} error={errors.phone} type="tel" autoComplete="tel" required />
            <TextField form={FORM} name="email" label={texts.fields.email} value={values.email} onChange={set("email")} error={errors.email} type="email" autoComplete="email" hint={texts.emailHint} />
            <Radios name="updates" legend={texts.fields.updates} hint={texts.updatesNotice} value={values.updates} onChange={set("updates")}
              options={texts.updatesChoices} error={errors.updates} />
            {!general ? (
              <>
                <Radios name="isNewPatient" legend={texts.fields.isNewPatient} value={values.isNewPatient} onChange={set("isNewPatient")}
                  options={[{ id: "yes", label: texts.yes }, { id: "no", label: texts.no }]} error={errors.isNewPatient} />
                <TextField form={FORM} name="insurance" label={texts.fields.insurance} value={values.insurance} onChange={set("insurance")} error={errors.insurance} />
                <TextField form={FORM} name="policyNumber" label={texts.fields.policyNumber} value={values.policyNumber} onChange={set("policyNumber")} error={errors.policyNumber} />
              </>
            ) : null}
          </>
        ) : null}

        {step === 2 ? (
          <>
            {general && !hideDepartment ? (
              <Field form={FORM} name="department" label={texts.fields.department} error={errors.department}>
                <select {...describedBy(FORM, "department", errors.department)} className="input" value={values.department}
                  onChange={(e) => setValues((o) => ({ ...o, department: e.target.value, doctor: "", time: "" }))}>
                  <option value="">{texts.chooseDepartment}</option>
                  {texts.departments.map((d) => <option key={d.id} value={d.id}>{d.label}</option>)}
                </select>
              </Field>
            ) : null}
            {general ? (
              <Field form={FORM} name="doctor" label={texts.fields.doctor} error={errors.doctor} required>
                <select {...describedBy(FORM, "doctor", errors.doctor)} className="input" value={values.doctor}
                  onChange={(e) => {
                    // A day the new doctor cannot be booked on gives way to their first day that can.
                    const id = data.doctors?.find((d) => d.name === e.target.value)?.id;
                    const date = id !== undefined && dayLetter(data, id, values.date) !== "o" ? firstOpen(data, id) : values.date;
                    setValues((o) => ({ ...o, doctor: e.target.value, time: "", date }));
                    setWeek(weeksBetween(data.today, date));
                  }}>
                  <option value="">{texts.chooseDoctor}</option>
                  {values.department && doctors.some((d) => d.department === values.department) ? (
                    // The department's doctors first, then everyone else (the spec keeps the list whole; we order it).
                    <>
                      <optgroup label={texts.departments.find((d) => d.id === values.department)?.label ?? values.department}>
                        {doctors.filter((d) => d.department === values.department).map(doctorOption)}
                      </optgroup>
                      <optgroup label={texts.otherDoctors}>
                        {doctors.filter((d) => d.department !== values.department).map(doctorOption)}
                      </optgroup>
                    </>
                  ) : doctors.map(doctorOption)}
                </select>
              </Field>
            ) : null}
            <DateStrip texts={texts} today={data.today} maxDaysAhead={data.maxDaysAhead} date={values.date} week={week}
              interactive={interactive} dayOf={(iso) => dayLetter(data, doctorObj?.id, iso)} onPick={pick} onWeek={changeWeek} timesAction={`${inLanguage(location.pathname)}#times`} />
            <ClosureNotes className="closure-notes field-hint" closures={data.closures.filter((c) => !!doctorObj?.clinics.includes(c.clinic) && weeksBetween(data.today, c.date) === week)} />
            {errors.date ? <p className="field-error" id={`${FORM}-date-error`}>{errors.date}</p> : null}
            {/* Both wizards offer the same times: an hour block, then its 15-minute slots (spec section 4; issue 43). */}
            <TimePicker key={slotKey} texts={texts} slots={shownSlots}
              values={values} doctor={doctorObj} interactive={interactive} error={errors.time} onTime={set("time")} timesAction={`${inLanguage(location.pathname)}#times`} />
            <Radios name="visitType" legend={texts.fields.visitType} options={texts.visitTypes} value={values.visitType}
              onChange={set("visitType")} error={errors.visitType} />
            <Field form={FORM} name="reason" label={texts.fields.reason} error={errors.reason} required>
              <select {...describedBy(FORM, "reason", errors.reason)} className="input" value={values.reason}
                onChange={(e) => set("reason")(e.target.value)}>
                <option value="">{texts.chooseReason}</option>
                {reasons.map((r) => <option key={r.id} value={r.id} data-red-flag={texts.redFlags.includes(r.id) ? "" : undefined}>{r.label}</option>)}
              </select>
            </Field>
            {!general ? <RedFlagNotice texts={texts} shown={redFlag} /> : null}
            {general ? (
              <fieldset className={`field checkbox-group${errors.selectedSymptoms ? " field--error" : ""}`}>
                <legend className="field-label">{texts.fields.selectedSymptoms}</legend>
                {/* Above the boxes, so it is on screen when a red flag near the top is ticked. */}
                <RedFlagNotice texts={texts} shown={redFlag} />
                {errors.selectedSymptoms ? <p className="field-error">{errors.selectedSymptoms}</p> : null}
                <div className="checkbox-grid">
                  {texts.symptoms.map(({ id: s, label }, i) => (
                    <label key={s} className="checkbox">
                      <input type="checkbox" name="selectedSymptoms" value={s} id={i === 0 ? fieldId(FORM, "selectedSymptoms") : undefined}
                        data-red-flag={texts.redFlags.includes(s) ? "" : undefined}
                        checked={values.selectedSymptoms.includes(s)}
                        onChange={(e) => set("selectedSymptoms")(e.target.checked ? [...values.selectedSymptoms, s] : values.selectedSymptoms.filter((x) => x !== s))} />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <Field form={FORM} name="additionalNotes" label={texts.fields.additionalNotes} error={errors.additionalNotes}>
              <textarea {...describedBy(FORM, "additionalNotes", errors.additionalNotes)} className="input" rows={4}
                value={values.additionalNotes} onChange={(e) => set("additionalNotes")(e.target.value)} />
            </Field>
            {general ? (
              <>
                <TextField form={FORM} name="insurance" label={texts.fields.insurance} value={values.insurance} onChange={set("insurance")} error={errors.insurance} />
                <TextField form={FORM} name="policyNumber" label={texts.fields.policyNumber} value={values.policyNumber} onChange={set("policyNumber")} error={errors.policyNumber} />
                <Radios name="isNewPatient" legend={texts.fields.isNewPatient} value={values.isNewPatient} onChange={set("isNewPatient")}
                  options={[{ id: "yes", label: texts.yes }, { id: "no", label: texts.no }]} error={errors.isNewPatient} />
              </>
            ) : null}
          </>
        ) : null}

        {step === wizard.steps ? (
          <>
            <RedFlagNotice texts={texts} shown={redFlag} />
            <h3>{texts.summaryHeading}</h3>
            <dl className="summary">
              {([
                ["name", values.name], ["phone", values.phone], ["email", values.email],
                ["updates", texts.updatesChoices.find((c) => c.id === values.updates)?.label ?? ""],
                ...(general ? [["department", texts.departments.find((d) => d.id === values.department)?.label ?? ""]] : []),
                ["doctor", values.doctor], ["date", values.date ? longDate(values.date) : ""], ["time", values.time ? timeOfDay(values.time) : ""],
                ["visitType", texts.visitTypes.find((v) => v.id === values.visitType)?.label ?? ""], ["reason", reasons.find((r) => r.id === values.reason)?.label ?? ""],
                ...(general ? [["selectedSymptoms", values.selectedSymptoms.map((id) => texts.symptoms.find((s) => s.id === id)?.label ?? "").join(", ")]] : []),
                ["additionalNotes", values.additionalNotes], ["insurance", values.insurance], ["policyNumber", values.policyNumber],
                ["isNewPatient", values.isNewPatient === "no" ? texts.no : texts.yes],
              ] as [string, string][]).map(([k, v]) => (
                <div key={k}><dt>{texts.summaryFields[k]}</dt><dd>{v || <span className="muted">{texts.notGiven}</span>}</dd></div>
              ))}
              {doctorObj?.clinics.length === 1 ? <ClinicPlace texts={texts} id={doctorObj.clinics[0]} /> : null}
            </dl>
            <div className={`field checkbox-field${errors.confirm ? " field--error" : ""}`}>
              {errors.confirm ? <p className="field-error" id={`${FORM}-confirm-error`}><span className="visually-hidden">{formTexts.errorPrefix}</span>{errors.confirm}</p> : null}
              <label className="checkbox">
                <input type="checkbox" name="confirm" value="yes" id={fieldId(FORM, "confirm")} checked={values.confirm} required
                  aria-describedby={errors.confirm ? `${FORM}-confirm-error` : undefined} aria-invalid={errors.confirm ? true : undefined}
                  onChange={(e) => set("confirm")(e.target.checked)} />
                {texts.confirm}
              </label>
            </div>
            <PrivacyNotice text={texts.privacy} forms={data.forms} />
          </>
        ) : null}

        <div className="form-actions">
          {step > 1 ? <button type="submit" name="action" value="back" className="button button--outline" formAction={`${inLanguage(location.pathname)}#wizard-step-title`}>{texts.back}</button> : null}
          {step < wizard.steps ? (
            <button type="submit" name="action" value="next" className="button button--primary" formAction={`${inLanguage(location.pathname)}#wizard-step-title`}>{step === 2 ? texts.review : texts.continue}</button>
          ) : (
            <button type="submit" name="action" value="submit" className="button button--primary" disabled={sending}>
              {sending ? texts.sending : general ? texts.submitA : texts.submitB}
            </button>
          )}
        </div>
        <p className="visually-hidden" aria-live="polite">{sending ? texts.sending : ""}</p>
      </div>
      <FormGuard form={FORM} />
    </form>
  );
}

export default function AppointmentPage() {
  const state = usePageProps("Appointment");
  const location = useLocation();
  const navigate = useNavigate();
  const own = useTexts("appointment");
  if (state.status === "loading") return <div className="container page-body"><Spinner label={own.loading} /></div>;
  if (state.status === "error") {
    return <div className="container page-body"><p className="page-status page-status--error" role="alert">{own.failed}</p></div>;
  }
  const { data, form } = state.props;
  const t = data.texts;
  if (data.variant === "doctor" && !data.doctor) {
    return (
      <div className="container page-message">
        <h1>{t.doctorNotFound}</h1>
        <p>{t.doctorNotFoundText}</p>
        <Link to={link("doctors")} className="button button--primary" onClick={(e) => {
          if (location.key !== "default") {
            e.preventDefault();
            navigate(-1);
          }
        }}>{t.backToDoctors}</Link>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page-hero">
        <div className="container narrow">
          <h1>{data.variant === "general" ? t.heading : `${t.heading}: ${data.doctor?.name}`}</h1>
          <p className="page-lead">{t.lead}</p>
          <p className="emergency-line"><EmergencyNote text={t.emergencyLine} /></p>
        </div>
      </div>
      <div className="container page-body narrow">
        {data.doctor ? <DoctorCard doctor={data.doctor} /> : null}
        <Wizard key={state.props.path} data={data} initial={form} />
      </div>
    </div>
  );
}

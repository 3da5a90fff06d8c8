// The document head of a page, computed from its props. The server writes it into
// the HTML shell; the client sets document.title from it after a navigation.
import type { Head, PageProps } from "../types";

function firstSentences(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const stop = cut.lastIndexOf(". ");
  if (stop > 60) return cut.slice(0, stop + 1);
  return cut.slice(0, cut.lastIndexOf(" ")) + "…";
}

export function headFor(props: PageProps): Head {
  const meta = props.site.meta;
  switch (props.page) {
    case "home":
      return { ...meta.home };
    case "doctors":
      return { ...meta.doctors };
    case "doctor": {
      const d = props.data.doctor;
      if (!d) return { ...meta.doctorNotFound };
      return {
        title: `${d.name}, ${d.specialization}${meta.titleSuffix}`,
        description: firstSentences(d.bio || `${d.name}, ${d.specialization} at ${d.location}.`),
      };
    }
    case "departments":
      return { ...meta.departments };
    case "content":
      return { title: props.data.content.title, description: props.data.content.description };
    case "services":
      return { ...meta.services };
    case "news":
      return {
        title: `News & Updates${props.data.page > 1 ? ` (page ${props.data.page})` : ""}${meta.titleSuffix}`,
        description: "News from HYGO in Rajkot: the health card, new services and guides for patients.",
      };
    case "article": {
      const a = props.data.article;
      if (!a) return { title: `Article Not Found${meta.titleSuffix}`, description: "This article could not be found. Read the latest HYGO news." };
      return { title: `${a.title}${meta.titleSuffix}`, description: firstSentences(a.excerpt) };
    }
    case "service": {
      const sv = props.data.service;
      if (!sv) return { ...meta.serviceNotFound };
      // "Service" tells it apart from the department of the same name (Laboratory, Physiotherapy).
      const name = /service/i.test(sv.name) ? sv.name : `${sv.name} Service`;
      return { title: `${name}${meta.titleSuffix}`, description: firstSentences(sv.longDescription || sv.description) };
    }
    case "specialization": {
      const sp = props.data.specialization;
      if (!sp) return { ...meta.specializationNotFound };
      const n = props.data.doctors.length;
      return {
        title: `${sp.name}${meta.titleSuffix}`,
        description: n
          ? `${n === 1 ? "1 HYGO doctor" : `${n} HYGO doctors`} in Rajkot: ${sp.name}. See their profiles and clinic hours.`
          : `${sp.name} at HYGO in Rajkot: how to see the right doctor.`,
      };
    }
    case "search":
      return props.data.query.trim()
        ? { title: `Search results for “${props.data.query.trim()}”${meta.titleSuffix}`, description: meta.search.description }
        : { ...meta.search };
    case "department": {
      const d = props.data.department;
      if (!d) return { ...meta.departmentNotFound };
      return { title: `${d.name}${meta.titleSuffix}`, description: firstSentences(d.description) };
    }
    case "subscription":
      return { title: props.data.texts.title, description: props.data.texts.description };
    case "newsletter":
      return { title: props.site.newsletter.title, description: props.site.newsletter.description };
    case "appointment": {
      const t = props.data.texts;
      const d = props.data.doctor;
      if (props.data.variant === "general") return { title: t.title, description: t.description };
      if (!d) return { title: `${t.doctorNotFound}${meta.titleSuffix}`, description: t.doctorNotFoundText };
      return {
        title: t.doctorTitle.replace("{doctor}", d.name),
        description: t.doctorDescription.replace("{doctor}", d.name).replace("{specialization}", d.specialization),
      };
    }
  }
}

//! `/doctors`: the doctors, 24 a page, searched by name or specialization and
//! filtered by department, clinic and "available this week", all in the query
//! (`?q=&department=&clinic=&week=1&page=2`), so the form and "Show more" work
//! without JavaScript; with it the page asks for the next page's props and adds
//! them in place (`ui/src/pages/Doctors.tsx`).

use serde::Serialize;
use ts_rs::TS;

use hygo_core::DataError;
use hygo_directory::doctors::{self, Filter};
use hygo_directory::Doctor;

/// Doctors on one page of the list.
pub const PAGE_SIZE: usize = 24;

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "DoctorsData")]
pub struct Data {
    pub doctors: Vec<DoctorSummary>,
    /// How many doctors the search and filters keep, on all pages.
    pub total: usize,
    /// The place of this page's first doctor in the list, from 1.
    pub first: usize,
    /// The next page's address, with the same search and filters; none on the last.
    pub next: Option<String>,
    /// The previous page's address; none on the first.
    pub previous: Option<String>,
    /// The search and filters as understood (an unknown department or clinic is dropped).
    pub filters: Filters,
    /// The departments that have a doctor, in the catalogue's order.
    pub departments: Vec<FilterOption>,
    pub clinics: Vec<FilterOption>,
}

#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(rename = "DoctorFilters")]
pub struct Filters {
    pub q: String,
    /// A department's slug, or "" for all.
    pub department: String,
    /// A clinic's id, or "" for all.
    pub clinic: String,
    pub week: bool,
}

/// An option of a filter's select.
#[derive(Serialize, TS)]
#[ts(rename = "DoctorFilterOption")]
pub struct FilterOption {
    pub value: String,
    pub label: String,
}

/// A doctor as a card of the list shows them (the profile has the rest).
#[derive(Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DoctorSummary {
    pub id: i32,
    pub name: String,
    pub specialization: String,
    /// "en" when the page's language does not name it (`Doctor::in_language`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub specialization_lang: Option<&'static str>,
    pub experience: i32,
    /// The rating with its count and source; none without them (`Doctor::rated`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated: Option<hygo_directory::doctors::Rated>,
    pub image: Option<String>,
    pub photo: Option<hygo_directory::doctor_photos::Photo>,
    pub location: String,
    pub availability: String,
    /// "en" when staff wrote it themselves (`Doctor::in_language`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub availability_lang: Option<&'static str>,
    pub on_leave: bool,
    pub leave: Vec<hygo_schedule::leave::Leave>,
}

impl From<Doctor> for DoctorSummary {
    fn from(d: Doctor) -> Self {
        DoctorSummary {
            id: d.id,
            name: d.name,
            specialization: d.specialization,
            specialization_lang: d.specialization_lang,
            experience: d.experience,
            rated: d.rated,
            image: d.image,
            photo: d.photo,
            location: d.location,
            availability: d.availability,
            availability_lang: d.availability_lang,
            on_leave: d.on_leave,
            leave: d.leave,
        }
    }
}

/// The list's address for these filters and page (1 is left out).
fn address(f: &Filters, page: usize) -> String {
    let page = page.to_string();
    let mut query: Vec<(&str, &str)> = Vec::new();
    if !f.q.is_empty() {
        query.push(("q", &f.q));
    }
    if !f.department.is_empty() {
        query.push(("department", &f.department));
    }
    if !f.clinic.is_empty() {
        query.push(("clinic", &f.clinic));
    }
    if f.week {
        query.push(("week", "1"));
    }
    if page != "1" {
        query.push(("page", &page));
    }
    super::url::DOCTORS.with_query(&[], &query)
}

pub async fn load(cx: &super::Cx<'_>) -> Result<super::Loaded, DataError> {
    let staffed = doctors::staffed_departments(cx.db()).await?;
    let departments: Vec<FilterOption> = cx
        .content
        .departments
        .iter()
        .filter(|d| staffed.contains(&d.slug))
        .map(|d| FilterOption { value: d.slug.clone(), label: d.name.clone() })
        .collect();
    let clinics: Vec<FilterOption> =
        cx.content.clinics.iter().map(|c| FilterOption { value: c.id.clone(), label: c.name.clone() }).collect();
    // What the visitor asked for, each value checked against what exists.
    let q: String = cx.query("q").unwrap_or_default().trim().chars().take(100).collect();
    let department = cx
        .query("department")
        .and_then(|d| cx.content.find_department(&d).map(|d| d.slug.clone()))
        .filter(|slug| staffed.contains(slug));
    let clinic = cx.query("clinic").filter(|c| cx.content.find_clinic(c).is_some());
    let week = cx.query("week").is_some_and(|w| !w.is_empty() && w != "0");
    let asked = super::positive_id(&cx.query("page").unwrap_or_default()).map_or(1, |p| p as usize);
    let filter = Filter { query: q.clone(), department: department.clone(), clinic: clinic.clone(), this_week: week };
    let filters = Filters { q, department: department.unwrap_or_default(), clinic: clinic.unwrap_or_default(), week };
    let filtered = filter != Filter::default();

    let mut listing = doctors::list(cx.db(), cx.clock(), &filter, asked - 1, PAGE_SIZE).await?;
    // A page past the last (an old link, a shorter list since) shows the last.
    let pages = listing.total.div_ceil(PAGE_SIZE).max(1);
    let page = asked.min(pages);
    if page != asked {
        listing = doctors::list(cx.db(), cx.clock(), &filter, page - 1, PAGE_SIZE).await?;
    }
    let data = Data {
        first: (page - 1) * PAGE_SIZE + 1,
        next: (page < pages).then(|| address(&filters, page + 1)),
        previous: (page > 1).then(|| address(&filters, page - 1)),
        total: listing.total,
        doctors: listing.doctors.into_iter().map(|d| DoctorSummary::from(d.in_language(&cx.content))).collect(),
        filters,
        departments,
        clinics,
    };
    // Every doctor is reached from the unfiltered pages; a search or a filter is
    // not a page of its own for search engines.
    let head = super::Head::meta(&cx.meta().doctors).noindex(filtered);
    Ok(super::Loaded::ok(super::PageData::Doctors(data), head))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_keep_the_filters_and_leave_page_one_out() {
        let f = Filters { q: "dr shah".into(), department: "cardiology".into(), clinic: String::new(), week: true };
        assert_eq!(address(&f, 1), "/doctors?q=dr%20shah&department=cardiology&week=1");
        assert_eq!(address(&f, 3), "/doctors?q=dr%20shah&department=cardiology&week=1&page=3");
        let none = Filters { q: String::new(), department: String::new(), clinic: "head-office".into(), week: false };
        assert_eq!(address(&none, 2), "/doctors?clinic=head-office&page=2");
    }
}

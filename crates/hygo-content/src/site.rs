//! `catalogue/site.json`: the header, the footer, the contact block and the
//! pages' titles, shared by every page.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Header, footer and contact details shared by every page (the server adds the
/// clinics, the language and its interface texts: `hygo::state::SiteAdditions`).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(rename = "SiteCatalogue")]
pub struct Site {
    pub name: String,
    pub tagline: String,
    pub about: String,
    pub book_label: String,
    pub phone: String,
    pub email: String,
    pub admin_email: String,
    pub hours: String,
    pub emergency_number: String,
    /// With `{number}` where the emergency number goes.
    pub emergency_note: String,
    pub nav: Vec<NavItem>,
    pub social: Vec<Social>,
    pub quick_links: Vec<Link>,
    pub footer_departments: Vec<NamedLink>,
    pub newsletter: Newsletter,
    pub legal: Vec<Link>,
    pub copyright: String,
    pub meta: Meta,
    pub contact_labels: ContactLabels,
    pub doctor_status: DoctorStatus,
    pub search_types: SearchTypes,
}

/// A label and the address it opens.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Link {
    pub label: String,
    pub link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NamedLink {
    pub name: String,
    pub link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Social {
    pub name: String,
    pub url: String,
}

/// An entry of the header's navigation: a link, or a menu of links.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NavItem {
    pub label: String,
    /// Shown instead of `label` below 1024 px.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mobile_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub link: Option<String>,
    /// A menu's links (named, not inlined: the type is recursive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "Array<NavItem>")]
    pub items: Option<Vec<NavItem>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Newsletter {
    pub heading: String,
    pub text: String,
    pub label: String,
    pub placeholder: String,
    pub button: String,
    pub title: String,
    pub description: String,
    pub page_heading: String,
    pub sending: String,
    pub privacy: String,
    pub unsubscribe_heading: String,
    pub unsubscribe_text: String,
    pub unsubscribe_button: String,
    pub unsubscribe_invalid: String,
    pub confirm_heading: String,
    pub confirm_text: String,
    pub confirm_button: String,
    pub confirm_invalid: String,
    pub failed: String,
    pub privacy_link: String,
    pub privacy_label: String,
}

/// A page's title and description.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PageMeta {
    pub title: String,
    pub description: String,
}

/// The titles and descriptions of the pages whose texts are not content pages;
/// `{name}`-style placeholders are filled by the page.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Meta {
    pub home: PageMeta,
    pub doctors: PageMeta,
    pub doctor_not_found: PageMeta,
    pub request: PageMeta,
    pub request_not_found: PageMeta,
    /// The manage-my-visit page, and its page for a link that no longer works.
    pub visit: PageMeta,
    pub visit_not_found: PageMeta,
    /// " | HYGO", after a title made by a page.
    pub title_suffix: String,
    pub departments: PageMeta,
    pub department_not_found: PageMeta,
    pub search: PageMeta,
    pub services: PageMeta,
    pub service_not_found: PageMeta,
    pub specialization_not_found: PageMeta,
    /// `{name}`, `{specialization}`…
    pub doctor: PageMeta,
    pub news: NewsMeta,
    pub article: TitleOnly,
    pub article_not_found: PageMeta,
    pub service: ServiceMeta,
    pub specialization: SpecializationMeta,
    pub search_results: TitleOnly,
    pub department: TitleOnly,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewsMeta {
    pub title: String,
    /// With `{page}`.
    pub title_paged: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TitleOnly {
    pub title: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceMeta {
    pub title: String,
    pub title_named: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpecializationMeta {
    pub title: String,
    pub description_one: String,
    pub description_many: String,
    pub description_none: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactLabels {
    pub phone: String,
    pub email: String,
    pub address: String,
    pub hours: String,
    /// "Directions": the link to the clinic in Google Maps (`Clinic::map_url`).
    pub map: String,
    pub map_note: String,
    /// The contact page's map of a clinic, behind "Show map" (`Clinic::map`).
    pub show_map: String,
    pub hide_map: String,
    /// The map's frame title: "Map of the area around {street}, {city}".
    pub map_title: String,
    /// Under a map whose point the clinic has not confirmed (`MapPoint::exact`).
    pub map_area: String,
    /// The same map on openstreetmap.org (without JavaScript, the only one).
    pub open_map: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DoctorStatus {
    /// What a doctor's status says when the console's is the default ("Available").
    pub available: String,
    pub on_leave: String,
    pub back_on: String,
    pub until_further_notice: String,
    pub coming: String,
    pub coming_open: String,
}

/// What the search calls each kind of result.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SearchTypes {
    pub doctor: String,
    pub department: String,
    pub service: String,
    pub specialization: String,
    pub clinic: String,
    pub page: String,
    pub article: String,
}

//! `catalogue/home.json`: the home page's sections, the health cards, the news
//! articles and the reviews.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The texts of the home page's sections.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(rename = "HomeContent")]
pub struct Home {
    pub hero: Hero,
    pub why_choose_us: WhyChooseUs,
    pub departments: HomeDepartments,
    pub founders: Founders,
    pub services: HomeServices,
    pub subscription: Plans,
    pub appointment: HomeAppointment,
    pub news: News,
    pub reviews: Reviews,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Hero {
    pub slides: Vec<HeroSlide>,
    pub book_label: String,
    pub subscribe_label: String,
    pub subscribe_link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct HeroSlide {
    pub eyebrow: String,
    pub title: String,
    pub text: String,
    /// A picture an editor gave the slide (none in the files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<Picture>,
}

/// A picture an editor uploaded (`hygo_editorial::images`): its versions at a
/// few widths, the upload's shape kept, and the words read in its place by those
/// who cannot see it.
#[derive(Debug, Clone, Serialize, Deserialize, TS, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Picture {
    pub alt: String,
    /// Narrowest first; a JPEG at each width, a WebP before it where smaller.
    pub sources: Vec<PictureSource>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PictureSource {
    /// "/photos/a1b2c3d4e5f60718-960.jpg".
    pub url: String,
    /// "image/webp" or "image/jpeg".
    #[serde(rename = "type")]
    pub content_type: String,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct WhyChooseUs {
    pub heading: String,
    pub intro: String,
    pub cards: Vec<QuickCard>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuickCard {
    pub title: String,
    pub text: String,
    pub link_label: String,
    pub link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeDepartments {
    pub heading: String,
    pub intro: String,
    pub cards: Vec<DepartmentCard>,
    pub view_all_label: String,
    pub view_all_link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct DepartmentCard {
    pub name: String,
    pub link: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Founders {
    pub heading: String,
    pub intro: String,
    pub link_label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeServices {
    pub heading: String,
    pub intro: String,
    pub offer_heading: String,
    pub know_more_label: String,
    pub ready_label: String,
    pub specialities_heading: String,
    /// Each speciality with the department that gives it: the home page lists
    /// only those whose department has a doctor (`hygo::pages::home`).
    pub specialities: Vec<Speciality>,
    pub tiles: Vec<ServiceTile>,
}

/// A speciality the home page may name, and the department (slug) that gives it;
/// none: no department of the catalogue does, so it is never listed.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Speciality {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub department: Option<String>,
}

/// A tile of "Our Services": a service with its own page, or the last one,
/// "See More", which opens the list.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ServiceTile {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub offers: Vec<String>,
    pub link: String,
    /// "About Our {name} Service"; the tiles with a page of their own have it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub long_description: Option<String>,
}

/// The health cards and what they give.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Plans {
    pub heading: String,
    pub intro: String,
    pub currency: String,
    pub period_label: String,
    pub plans: Vec<Plan>,
    pub benefits_heading: String,
    pub benefits: Vec<String>,
    pub cta_label: String,
    pub cta_link: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub badge: Option<String>,
    pub audience: String,
    pub price: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct HomeAppointment {
    pub heading: String,
    pub problem: Points,
    pub solution: Points,
    pub target: String,
    pub contact: HomeContact,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub heading: String,
    pub points: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HomeContact {
    pub heading: String,
    pub text: String,
    pub phone_label: String,
    pub email_label: String,
    pub address_label: String,
    pub hours_label: String,
    pub book_label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct News {
    pub heading: String,
    pub items: Vec<NewsItem>,
    pub read_more_label: String,
    pub view_all_label: String,
    pub view_all_link: String,
}

/// A news article.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NewsItem {
    pub category: String,
    /// ISO date, YYYY-MM-DD.
    pub date: String,
    pub title: String,
    pub excerpt: String,
    pub id: String,
    pub author: String,
    pub content: Vec<String>,
    /// A picture an editor gave the article, shown under its title (none in the files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image: Option<Picture>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Reviews {
    pub heading: String,
    pub items: Vec<Review>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Review {
    pub name: String,
    pub area: String,
    pub rating: u8,
    pub text: String,
}

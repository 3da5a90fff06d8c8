use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "doctors")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub specialization: String,
    pub department_id: i32,
    pub experience_years: i32,
    pub rating: Option<f64>,
    pub image: Option<String>,
    /// A clinic of `catalogue/clinics.json`, where the doctor sees patients.
    pub clinic_id: String,
    #[sea_orm(column_type = "Text")]
    pub bio: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub education: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub services: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub languages: String,
    /// JSON array of texts.
    #[sea_orm(column_type = "Text")]
    pub insurances: String,
    /// How available the doctor is in general, as staff write it ("Available",
    /// "Limited availability"). Leave is in `doctor_leave`, with dates.
    pub availability: String,
    pub founder_title: Option<String>,
    pub founder_job: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub founder_description: Option<String>,
    /// The medical council registration: "G-12345".
    pub registration_number: Option<String>,
    /// The council that registered the doctor: "Gujarat Medical Council".
    pub registration_council: Option<String>,
    /// YYYY-MM-DD: retired from this day; gone from the public pages.
    pub retired_on: Option<String>,
    /// The current photo (`crate::photos::Photo` as JSON); None: initials.
    #[sea_orm(column_type = "Text", nullable)]
    pub photo: Option<String>,
    /// The consultation fee in whole rupees, when staff have set it (migration 24).
    pub fee: Option<i32>,
    /// How many reviews `rating` is of, and where they were given ("Google"):
    /// a rating is shown only with both (migration 24).
    pub rating_count: Option<i32>,
    pub rating_source: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The sort key of a name: lower case, without a leading "Dr." (spec section 5).
pub fn sort_key(name: &str) -> String {
    let trimmed = name.trim_start();
    // `get` rather than indexing: a name may start with a multi-byte letter.
    let rest = match trimmed.get(..3) {
        Some(p) if p.eq_ignore_ascii_case("dr.") || p.eq_ignore_ascii_case("dr ") => &trimmed[3..],
        _ => trimmed,
    };
    rest.trim_start().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::sort_key;

    #[test]
    fn a_leading_dr_is_ignored_when_sorting() {
        assert_eq!(sort_key("Dr. Asha Patel"), "asha patel");
        assert_eq!(sort_key("dr.Bhavin Shah"), "bhavin shah");
        assert_eq!(sort_key("Dr Chirag Rao"), "chirag rao");
        assert_eq!(sort_key("Drishti Joshi"), "drishti joshi");
        assert_eq!(sort_key("ડૉ. મહેતા"), "ડૉ. મહેતા");
        let mut names = vec!["Dr. Zeel Vyas", "Anil Mehta", "Dr. Bela Desai"];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(names, ["Anil Mehta", "Dr. Bela Desai", "Dr. Zeel Vyas"]);
    }
}

//! What the registry says of each page (`registry::PAGES`): how it may be kept,
//! indexed and seen, and its data function.

use crate::access::Need;

use super::Loader;

/// How the render cache may keep a page (see `crate::cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Made only from the URL, the catalogue and the tables the data version
    /// watches: kept by URL, data version and day.
    ByDataVersion,
    /// Shows bookings, the date, a visitor's token or a form's token
    /// (`crate::form_guard`): its props are read on every request and the page is
    /// kept by its props.
    ByProps,
    /// Shows a visitor's own request: never kept, and sent with `Cache-Control:
    /// no-store` and `Referrer-Policy: no-referrer` (`request::keep_private`).
    Never,
}

/// Whether search engines may index a page (an error page never is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Robots {
    Index,
    NoIndex,
}

/// Who may see a page. A staff page (under `/staff/`) is checked on the server,
/// for the page and for `/api/props` alike (`crate::access::check`), is sent
/// `no-store`, never indexed and never in the sitemap, and never kept when shown
/// with a session (the sign-in page alone is kept for visitors without one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    Public,
    /// The staff console, needing this much of a session.
    Staff(Need),
}

pub struct Page {
    /// The page's name, unique: `props.page`, the logs, the tests.
    pub name: &'static str,
    /// `page:{name}`: the label its answers are counted under in `/metrics`.
    pub label: &'static str,
    /// Its component: `ui/src/pages/<component>.tsx`, named in `props.component`.
    pub component: &'static str,
    /// The paths it answers, as patterns (`{id}` is one segment). The first is its
    /// canonical address when it has no parameter; the others are aliases.
    pub paths: &'static [&'static str],
    pub keep: Keep,
    /// The query parameters the page reads, its data function (`Cx::query`) and
    /// its components (`URLSearchParams` in `ui/src`): the page is loaded, rendered
    /// and kept by these alone, so any other parameter (`utm_source`, a random
    /// one) gives the same page from the same entry (see `Found::url`).
    pub query: &'static [&'static str],
    pub robots: Robots,
    pub scope: Scope,
    /// A staff page that shows patients' data: every view of it, its props too,
    /// is written to the audit log, committed, before anything is answered, and is
    /// answered 503 when it cannot be (`pages::disclose`).
    pub patient_data: bool,
    /// A console page in the console's navigation: the key of its label in the
    /// console's texts (`frame.{nav}`). The navigation lists these in the
    /// registry's order, each to the roles its entry needs (`pages::staff_nav`).
    pub nav: Option<&'static str>,
    /// A page whose address is a key (the manage-my-visit link): each load of
    /// it, its props too, counts against the visitor's and their network's
    /// limit at this bucket (`crate::limit::lookups`), so keys cannot be guessed
    /// by trying them.
    pub limited: Option<&'static str>,
    /// Loads the props' data and head (`Loader`).
    pub load: Loader,
}

impl Page {
    /// The canonical address of a page without parameters.
    pub fn canonical(&self) -> &'static str {
        self.paths[0]
    }

    /// Whether the page's first path has no parameter (it is one address, listed in the sitemap).
    pub fn is_fixed(&self) -> bool {
        !self.paths[0].contains('{')
    }
}

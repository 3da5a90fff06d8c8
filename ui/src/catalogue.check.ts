// Never run: tsc holds the catalogue's files to their types here (`make typecheck`),
// so a text renamed in a JSON file, or a component reading one that is not there,
// fails the build. Nothing imports this file, so no bundle carries the JSON.
// pages.json is read by the server into its Rust types (catalogue::ContentPage),
// whose TypeScript is generated, so it is checked there.
import forms from "../../crates/hygo-content/catalogue/forms.json";
import home from "../../crates/hygo-content/catalogue/home.json";
import site from "../../crates/hygo-content/catalogue/site.json";
import type {
  AppointmentTexts, ContactTexts, HomeContent, NewsItem, Review, SiteCatalogue, SubscriptionTexts,
} from "./catalogue";

site satisfies SiteCatalogue;
home satisfies HomeContent;
home.news.items satisfies NewsItem[];
home.reviews.items satisfies Review[];
forms.subscription satisfies SubscriptionTexts;
forms.appointment satisfies AppointmentTexts;
forms.contact satisfies ContactTexts;

// The types the pages and components use: the server's shapes, generated from
// its Rust structs (generated/props.ts, by `cargo test --test generated`), and
// the interface texts', typed from their English files (catalogue.ts).
export type * from "./generated/props";
export type * from "./catalogue";
import type { PageProps } from "./generated/props";

/** The component a page is drawn by (ui/src/pages/<component>.tsx). */
export type PageComponent = PageProps["component"];

/** What `/api/props` answers for a path that is no page. */
export interface RedirectProps {
  redirect: string;
}

/** The props of the pages a component draws. */
export type PropsOf<C extends PageComponent> = Extract<PageProps, { component: C }>;
export type AppointmentProps = PropsOf<"Appointment">;
export type ContentProps = PropsOf<"Content">;
export type SubscriptionProps = PropsOf<"Subscription">;

import { useEffect, useRef } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { PropsProvider } from "./lib/props";
import ContentPage from "./pages/Content";
import DepartmentPage from "./pages/Department";
import DepartmentsPage from "./pages/Departments";
import DoctorProfilePage from "./pages/DoctorProfile";
import DoctorsPage from "./pages/Doctors";
import HomePage from "./pages/Home";
import ArticlePage from "./pages/Article";
import NewsPage from "./pages/News";
import SearchPage from "./pages/Search";
import ServicePage from "./pages/Service";
import ServicesPage from "./pages/Services";
import SpecializationPage from "./pages/Specialization";
import SubscriptionPage from "./pages/Subscription";
import NewsletterPage from "./pages/Newsletter";
import AppointmentPage from "./pages/Appointment";
import type { PageProps } from "./types";

/** The element a navigation asks to show: `state.scrollTo` (as the original client passed it) or the URL's hash. */
function scrollTarget(hash: string, state: unknown): string | null {
  const fromState = state && typeof (state as { scrollTo?: unknown }).scrollTo === "string"
    ? (state as { scrollTo: string }).scrollTo : null;
  const id = fromState ?? (hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null);
  return id || null;
}

/**
 * On every change of page, scrolls to the top; when the navigation carries a
 * target, then smooth-scrolls to it (once it has rendered). Not on the first
 * load: the browser restores that, and scrolls to a hash by itself.
 */
function ScrollManager() {
  const { pathname, search, hash, state, key } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname + search;
    if (from === null) return;
    const id = scrollTarget(hash, state);
    if (from !== pathname + search) window.scrollTo(0, 0);
    if (!id) return;
    // The target may appear only once the page's data has arrived: wait for it, a while.
    const reveal = () => {
      const el = document.getElementById(id);
      if (!el) return false;
      const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
      return true;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) observer.disconnect();
    });
    observer.observe(document.getElementById("main") ?? document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    // `key` changes on every navigation, also to the same path with another target.
  }, [pathname, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

/** Marks <html data-hydrated="true"> once React owns the page (the browser tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "true");
  }, []);
  return null;
}

/** The whole app, the same tree on the server (inside StaticRouter) and in the browser (inside BrowserRouter). */
export function App({ props }: { props: PageProps }) {
  return (
    <PropsProvider initial={props}>
      <ScrollManager />
      <HydrationMark />
      <a href="#main" className="skip-link">Skip to main content</a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/doctors" element={<DoctorsPage />} />
          <Route path="/doctors/:id" element={<DoctorProfilePage />} />
          <Route path="/doctorDetail" element={<DoctorProfilePage />} />
          <Route path="/departments" element={<DepartmentsPage />} />
          <Route path="/departments/:id" element={<DepartmentPage />} />
          <Route path="/search" element={<SearchPage />} />
          {["/about", "/about-us", "/about-us-HYGO", "/founder", "/founding-team", "/about-hygo", "/our-mission",
            "/our-vision", "/patient-resources", "/contactus", "/privacy-policy", "/terms-and-conditions", "/reviews",
            "/specialists", "/schedules", "/banner", "/departments/general-consultation"].map((p) => (
            <Route key={p} path={p} element={<ContentPage />} />
          ))}
          <Route path="/news" element={<NewsPage />} />
          <Route path="/news/:id" element={<ArticlePage />} />
          <Route path="/services" element={<ServicesPage />} />
          <Route path="/services/:id" element={<ServicePage />} />
          <Route path="/specializations/:id" element={<SpecializationPage />} />
          <Route path="/subscription" element={<SubscriptionPage />} />
          <Route path="/newsletter" element={<NewsletterPage />} />
          <Route path="/unsubscribe" element={<NewsletterPage />} />
          <Route path="/appointment" element={<AppointmentPage />} />
          <Route path="/appointment/:doctorId" element={<AppointmentPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <Footer />
    </PropsProvider>
  );
}

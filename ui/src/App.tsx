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
import type { PageProps } from "./types";

/** Scrolls to the top on every path change (not on the first load: the browser restores that). */
function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
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
      <ScrollToTop />
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
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <Footer />
    </PropsProvider>
  );
}

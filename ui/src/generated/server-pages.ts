// Generated from src/pages/registry.rs by `cargo test --test generated`; do not edit.
// The server bundle's pages: all of them, bundled in (QuickJS loads one file).
import Appointment from "../pages/Appointment";
import Article from "../pages/Article";
import Content from "../pages/Content";
import Department from "../pages/Department";
import Departments from "../pages/Departments";
import DoctorProfile from "../pages/DoctorProfile";
import Doctors from "../pages/Doctors";
import Home from "../pages/Home";
import News from "../pages/News";
import Newsletter from "../pages/Newsletter";
import Request from "../pages/Request";
import Search from "../pages/Search";
import Service from "../pages/Service";
import Services from "../pages/Services";
import Specialization from "../pages/Specialization";
import StaffAccount from "../pages/StaffAccount";
import StaffAccounts from "../pages/StaffAccounts";
import StaffAppointment from "../pages/StaffAppointment";
import StaffAudit from "../pages/StaffAudit";
import StaffBook from "../pages/StaffBook";
import StaffClosures from "../pages/StaffClosures";
import StaffDay from "../pages/StaffDay";
import StaffDoctor from "../pages/StaffDoctor";
import StaffDoctors from "../pages/StaffDoctors";
import StaffHours from "../pages/StaffHours";
import StaffInbox from "../pages/StaffInbox";
import StaffItem from "../pages/StaffItem";
import StaffItems from "../pages/StaffItems";
import StaffLeave from "../pages/StaffLeave";
import StaffSetup from "../pages/StaffSetup";
import StaffSignIn from "../pages/StaffSignIn";
import StaffToday from "../pages/StaffToday";
import StaffWeek from "../pages/StaffWeek";
import Subscription from "../pages/Subscription";

export const SERVER_PAGES = { Appointment, Article, Content, Department, Departments, DoctorProfile, Doctors, Home, News, Newsletter, Request, Search, Service, Services, Specialization, StaffAccount, StaffAccounts, StaffAppointment, StaffAudit, StaffBook, StaffClosures, StaffDay, StaffDoctor, StaffDoctors, StaffHours, StaffInbox, StaffItem, StaffItems, StaffLeave, StaffSetup, StaffSignIn, StaffToday, StaffWeek, Subscription };

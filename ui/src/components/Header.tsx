import { ChevronDown, Languages, Menu, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { fill } from "../lib/format";
import { useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { NavItem } from "../types";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";
import { BookLink, LanguageLinks } from "./ui";

// The header's menus are HTML's own, so that they answer the first tap on the
// server's page, before (or without) JavaScript: the phone's menu is a popover
// opened by its button (`popovertarget`; the browser closes it on Escape and on
// a tap outside), each group of links a <details> with its <summary>. React adds
// what HTML does not: a choice, a new page, Escape and a click outside close them
// all, and the header turns white while the phone's menu is open.

function isActive(item: NavItem, pathname: string): boolean {
  if (item.link) return item.link === pathname;
  return (item.items ?? []).some((child) => isActive(child, pathname));
}

/** Whether this browser has popovers (HTML's, 2023); where it has not, React opens the menu. */
const hasPopover = () => typeof HTMLElement !== "undefined" && "showPopover" in HTMLElement.prototype;

/** Whether the element is an open popover (false where the browser knows no popovers). */
function popoverOpen(el: Element | null): boolean {
  try {
    return !!el?.matches(":popover-open");
  } catch {
    return false;
  }
}

/**
 * The wide header's language menu: a <details> whose summary is drawn as the
 * languages' sign (its name, "Languages: ગુજરાતી", for screen readers; the row
 * has no room for words), opening the same page's links, each language named in
 * itself (the phone's menu lists them at its top).
 */
function LanguageMenu() {
  const site = useSite();
  const common = useTexts("common");
  const current = site.languages.find((l) => l.tag === site.lang);
  return (
    <li className="nav-group nav-language-menu">
      <details>
        <summary className="nav-button">
          <Languages aria-hidden="true" focusable="false" size={20} />
          <span className="visually-hidden">{common.languages}: <span lang={site.lang}>{current?.name}</span></span>
        </summary>
        <div className="dropdown dropdown--languages">
          <LanguageLinks className="menu-languages" />
        </div>
      </details>
    </li>
  );
}

function NavLabel({ item }: { item: NavItem }) {
  if (!item.mobileLabel) return <>{item.label}</>;
  return (
    <>
      <span className="label-desktop">{item.label}</span>
      <span className="label-mobile">{item.mobileLabel}</span>
    </>
  );
}

interface GroupProps {
  item: NavItem;
  onChoose: () => void;
  pathname: string;
  nested?: boolean;
}

/** A disclosure (<details>): its summary shows or hides its list of links. Groups open and close independently. */
function NavGroup({ item, onChoose, pathname, nested }: GroupProps) {
  const active = isActive(item, pathname);
  return (
    <li className={`nav-group${nested ? " nav-group--nested" : ""}`}>
      <details>
        <summary className={`nav-button${active ? " is-active" : ""}`}>
          <NavLabel item={item} />
          <ChevronDown aria-hidden="true" focusable="false" size={16} className="nav-chevron" />
        </summary>
        <ul className="dropdown">
          {(item.items ?? []).map((child) =>
            child.items ? (
              <NavGroup key={child.label} item={child} onChoose={onChoose} pathname={pathname} nested />
            ) : (
              <li key={child.label}>
                <NavLink to={child.link ?? "/"} end className="dropdown-link" onClick={onChoose}>
                  <NavLabel item={child} />
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </details>
    </li>
  );
}

export function Header() {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("header");
  const { pathname } = useLocation();
  const [atTop, setAtTop] = useState(true);
  // Whether the phone's menu is open (the popover's own state, followed here).
  const [menuOpen, setMenuOpen] = useState(false);
  // A browser without popovers: React opens and closes the menu itself.
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // Before hydration the search toggle is a link to the /search page.
  const [interactive, setInteractive] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const searchId = useId();

  // A menu opened before hydration stays open: its state is read from the page.
  useEffect(() => {
    setInteractive(true);
    if (popoverOpen(navRef.current)) setMenuOpen(true);
  }, []);

  // Whether the page is scrolled to the very top (the server renders the "top" state).
  useEffect(() => {
    const onScroll = () => setAtTop(window.scrollY < 8);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  /** Closes the groups of links (and, with `menu`, the phone's menu); focus inside a closed group goes to its summary. */
  const closeMenus = (menu: boolean) => {
    const header = ref.current;
    if (!header) return;
    for (const details of Array.from(header.querySelectorAll("details[open]"))) {
      const inside = details.contains(document.activeElement);
      (details as HTMLDetailsElement).open = false;
      if (inside) (details.querySelector("summary") as HTMLElement | null)?.focus();
    }
    if (!menu) return;
    if (popoverOpen(navRef.current)) navRef.current?.hidePopover();
    setFallbackOpen(false);
    setMenuOpen(false);
  };

  // A click outside, or Escape, closes the menus.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) {
        closeMenus(true);
        setSearchOpen(false);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        closeMenus(true);
        setSearchOpen(false);
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // A new page closes them (not the first: a menu opened before hydration stays).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenus(true);
    setSearchOpen(false);
  }, [pathname]);

  const choose = () => closeMenus(true);
  const onMenuToggle = (e: SyntheticEvent<HTMLElement>) => {
    // React passes its groups' own toggles up the tree too: only the menu's counts.
    if (e.target !== e.currentTarget) return;
    const state = (e.nativeEvent as Event & { newState?: string }).newState;
    setMenuOpen(state ? state === "open" : popoverOpen(e.currentTarget));
  };
  const open = menuOpen || fallbackOpen;
  const transparent = pathname === "/" && atTop && !open && !searchOpen;
  const searchIcon = <Search aria-hidden="true" focusable="false" size={22} />;

  return (
    <header ref={ref} className={`site-header${transparent ? " site-header--transparent" : " site-header--solid"}`}>
      <div className="container header-inner">
        <Link to="/" className="logo-link" aria-label={fill(common.homeLink, { name: site.name })} onClick={choose}>
          <Logo />
        </Link>
        {interactive ? (
          <button type="button" className="search-toggle" aria-expanded={searchOpen} aria-controls={searchId}
            onClick={() => { setSearchOpen((v) => !v); closeMenus(true); }}>
            {searchIcon}<span className="visually-hidden">{t.search}</span>
          </button>
        ) : (
          <Link to="/search" className="search-toggle">{searchIcon}<span className="visually-hidden">{t.search}</span></Link>
        )}
        {/* Both names and icons are in the page; CSS shows the one for the menu's state, which the browser keeps. */}
        <button type="button" className="nav-toggle" popoverTarget={menuId}
          onClick={() => {
            setSearchOpen(false);
            if (!hasPopover()) setFallbackOpen((v) => !v);
          }}>
          <Menu aria-hidden="true" focusable="false" size={24} className="when-closed" />
          <X aria-hidden="true" focusable="false" size={24} className="when-open" />
          <span className="visually-hidden when-closed">{t.openMenu}</span>
          <span className="visually-hidden when-open">{t.closeMenu}</span>
        </button>
        <nav id={menuId} ref={navRef} popover="auto" onToggle={onMenuToggle} aria-label={t.mainNav}
          className={`site-nav${fallbackOpen ? " is-open" : ""}`}>
          {site.languages.length > 1 ? <LanguageLinks className="nav-languages" /> : null}
          <ul className="nav-list">
            {site.nav.map((item) =>
              item.items ? (
                <NavGroup key={item.label} item={item} onChoose={choose} pathname={pathname} />
              ) : (
                <li key={item.label}>
                  <NavLink to={item.link ?? "/"} end className="nav-link" onClick={choose}>
                    <NavLabel item={item} />
                  </NavLink>
                </li>
              ),
            )}
            <li className="nav-cta-item">
              <BookLink className="button button--primary nav-cta">{site.bookLabel}</BookLink>
            </li>
            {site.languages.length > 1 ? <LanguageMenu /> : null}
          </ul>
        </nav>
      </div>
      <div id={searchId} className="search-panel" hidden={!searchOpen}>
        <div className="container">
          {searchOpen ? <SearchBox onDone={() => setSearchOpen(false)} showHint /> : null}
        </div>
      </div>
    </header>
  );
}

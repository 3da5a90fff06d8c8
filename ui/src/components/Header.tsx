import { ChevronDown, Languages, Menu, Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { fill } from "../lib/format";
import { useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import type { NavItem } from "../types";
import { Logo } from "./Logo";
import { SearchBox } from "./SearchBox";
import { BookLink, LanguageLinks } from "./ui";

function isActive(item: NavItem, pathname: string): boolean {
  if (item.link) return item.link === pathname;
  return (item.items ?? []).some((child) => isActive(child, pathname));
}

/**
 * The wide header's language menu: a button drawn as the languages' sign (its
 * name, "Languages: ગુજરાતી", for screen readers; the row has no room for
 * words), opening the same page's links, each language named in itself (the
 * phone's menu lists them inline).
 */
function LanguageMenu({ expanded, toggle }: { expanded: boolean; toggle: () => void }) {
  const site = useSite();
  const common = useTexts("common");
  const id = useId();
  const current = site.languages.find((l) => l.tag === site.lang);
  return (
    <li className={`nav-group nav-language-menu${expanded ? " is-open" : ""}`}>
      <button type="button" className="nav-button" aria-expanded={expanded} aria-controls={id} onClick={toggle}>
        <Languages aria-hidden="true" focusable="false" size={20} />
        <span className="visually-hidden">{common.languages}: <span lang={site.lang}>{current?.name}</span></span>
      </button>
      <div id={id} className="dropdown dropdown--languages" hidden={!expanded}>
        <LanguageLinks className="menu-languages" />
      </div>
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
  path: string;
  open: Record<string, boolean>;
  toggle: (path: string) => void;
  onChoose: () => void;
  pathname: string;
  nested?: boolean;
}

/** A disclosure: a button that shows or hides its list of links. Groups open and close independently. */
function NavGroup({ item, path, open, toggle, onChoose, pathname, nested }: GroupProps) {
  const id = useId();
  const expanded = !!open[path];
  const active = isActive(item, pathname);
  return (
    <li className={`nav-group${nested ? " nav-group--nested" : ""}${expanded ? " is-open" : ""}`}>
      <button type="button" className={`nav-button${active ? " is-active" : ""}`} aria-expanded={expanded}
        aria-controls={id} onClick={() => toggle(path)}>
        <NavLabel item={item} />
        <ChevronDown aria-hidden="true" focusable="false" size={16} className="nav-chevron" />
      </button>
      <ul id={id} className="dropdown" hidden={!expanded}>
        {(item.items ?? []).map((child, i) =>
          child.items ? (
            <NavGroup key={child.label} item={child} path={`${path}.${i}`} open={open} toggle={toggle}
              onChoose={onChoose} pathname={pathname} nested />
          ) : (
            <li key={child.label}>
              <NavLink to={child.link ?? "/"} end className="dropdown-link" onClick={onChoose}>
                <NavLabel item={child} />
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </li>
  );
}

export function Header() {
  const site = useSite();
  const common = useTexts("common");
  const t = useTexts("header");
  const { pathname } = useLocation();
  const [atTop, setAtTop] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [searchOpen, setSearchOpen] = useState(false);
  // Before hydration the search toggle is a link to the /search page.
  const [interactive, setInteractive] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const menuId = useId();
  const searchId = useId();

  useEffect(() => setInteractive(true), []);

  // Whether the page is scrolled to the very top (the server renders the "top" state).
  useEffect(() => {
    const onScroll = () => setAtTop(window.scrollY < 8);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // A click outside, or Escape, closes the menus.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) {
        setMenuOpen(false);
        setOpen({});
        setSearchOpen(false);
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        setOpen({});
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

  useEffect(() => {
    setMenuOpen(false);
    setOpen({});
    setSearchOpen(false);
  }, [pathname]);

  const choose = () => {
    setMenuOpen(false);
    setOpen({});
  };
  const toggle = (path: string) => setOpen((o) => ({ ...o, [path]: !o[path] }));
  const transparent = pathname === "/" && atTop && !menuOpen && !searchOpen;
  const searchIcon = <Search aria-hidden="true" focusable="false" size={22} />;

  return (
    <header ref={ref} className={`site-header${transparent ? " site-header--transparent" : " site-header--solid"}`}>
      <div className="container header-inner">
        <Link to="/" className="logo-link" aria-label={fill(common.homeLink, { name: site.name })} onClick={choose}>
          <Logo />
        </Link>
        {interactive ? (
          <button type="button" className="search-toggle" aria-expanded={searchOpen} aria-controls={searchId}
            onClick={() => { setSearchOpen((v) => !v); setMenuOpen(false); }}>
            {searchIcon}<span className="visually-hidden">{t.search}</span>
          </button>
        ) : (
          <Link to="/search" className="search-toggle">{searchIcon}<span className="visually-hidden">{t.search}</span></Link>
        )}
        <button type="button" className="nav-toggle" aria-expanded={menuOpen} aria-controls={menuId}
          onClick={() => { setMenuOpen((v) => !v); setSearchOpen(false); }}>
          {menuOpen ? <X aria-hidden="true" focusable="false" size={24} /> : <Menu aria-hidden="true" focusable="false" size={24} />}
          <span className="visually-hidden">{menuOpen ? t.closeMenu : t.openMenu}</span>
        </button>
        <nav id={menuId} className={`site-nav${menuOpen ? " is-open" : ""}`} aria-label={t.mainNav}>
          <ul className="nav-list">
            {site.nav.map((item, i) =>
              item.items ? (
                <NavGroup key={item.label} item={item} path={String(i)} open={open} toggle={toggle}
                  onChoose={choose} pathname={pathname} />
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
            {site.languages.length > 1 ? (
              <>
                <li className="nav-languages-item">
                  <LanguageLinks className="nav-languages" />
                </li>
                <LanguageMenu expanded={!!open.languages} toggle={() => toggle("languages")} />
              </>
            ) : null}
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

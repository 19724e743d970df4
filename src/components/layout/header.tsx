import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "@/components/ui/button";
import { navRouteIds, pathFor } from "@/config/routes";
import { useI18n } from "@/i18n";
import { cn } from "@/lib/cn";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-primary" : "text-muted-foreground",
  );
}

export function Header() {
  const { locale, t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const links = navRouteIds.map((id) => (
    <li key={id}>
      <NavLink
        to={pathFor(id, locale)}
        end={id === "home"}
        className={(state) => cn(navLinkClass(state), "block")}
        onClick={closeMenu}
      >
        {t.routes[id]}
      </NavLink>
    </li>
  ));

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border/80 bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="container flex h-[var(--header-height)] items-center justify-between gap-4">
        <Link to={pathFor("home", locale)} aria-label={t.header.homeLink} onClick={closeMenu}>
          <Logo />
        </Link>

        <nav aria-label={t.header.mainNavigation} className="hidden lg:block">
          <ul className="flex items-center gap-1">{links}</ul>
        </nav>

        <div className="flex items-center gap-1">
          <LanguageToggle className="hidden lg:inline-flex" />
          <Button asChild className="hidden sm:inline-flex">
            <Link to={pathFor("contact", locale)}>{t.header.bookConsultation}</Link>
          </Button>
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t.header.closeMenu : t.header.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label={t.header.mainNavigation}
        hidden={!menuOpen}
        className="border-t bg-background lg:hidden"
      >
        <ul className="container flex flex-col gap-1 py-4">
          {links}
          <li className="flex items-center justify-between gap-2 pt-2">
            <LanguageToggle onNavigate={closeMenu} />
            <Button asChild className="sm:hidden">
              <Link to={pathFor("contact", locale)} onClick={closeMenu}>
                {t.header.bookConsultation}
              </Link>
            </Button>
          </li>
        </ul>
      </nav>
    </header>
  );
}

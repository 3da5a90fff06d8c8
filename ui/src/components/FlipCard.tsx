import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { fill } from "../lib/format";
import { useTexts } from "../lib/texts";
import type { Department } from "../types";

/**
 * A card that flips to its long description on hover and on keyboard focus; on a
 * touch screen it does not flip, says "Tap to read more" and opens the page. The
 * whole card is one link; both faces are in it, so screen readers hear the name,
 * the summary and the description whichever face is showing. The page gives its
 * address: the home page carries no table of addresses (its JavaScript budget).
 */
export function FlipCard({ department, href }: { department: Department; href: string }) {
  const t = useTexts("departments");
  return (
    <li className="flip-card" data-department-card="">
      <Link to={href} className="flip-card-link">
        <span className="flip-card-inner">
          <span className="flip-face flip-front">
            <span className="flip-name">{department.name}</span>
            <span className="flip-summary">{department.description}</span>
            {/* Said by the link already (its back ends "Visit …"): hidden from screen readers. */}
            <span className="flip-hint" aria-hidden="true">
              <span className="flip-hint-touch">{t.tapToRead}</span>
              <span className="flip-hint-hover">{t.hoverToRead}</span>
              <ArrowRight focusable="false" size={16} />
            </span>
          </span>
          <span className="flip-face flip-back">
            <span className="flip-long">{department.longDescription}</span>
            <span className="flip-more">{fill(t.visit, { name: department.name })}<ArrowRight aria-hidden="true" focusable="false" size={16} /></span>
          </span>
        </span>
      </Link>
    </li>
  );
}

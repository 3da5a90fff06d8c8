/** The HYGO wordmark, drawn inline (no image to download). Decorative: the link around it carries the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 132 36" width="132" height="36" aria-hidden="true" focusable="false">
      <rect x="0" y="2" width="32" height="32" rx="9" fill="currentColor" className="logo-mark" />
      <path d="M13 9h6v7h7v6h-7v7h-6v-7H6v-6h7z" fill="#ffffff" className="logo-cross" />
      <text x="40" y="28" fontSize="26" fontWeight="800" letterSpacing="1.5" fill="currentColor"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif">HYGO</text>
    </svg>
  );
}

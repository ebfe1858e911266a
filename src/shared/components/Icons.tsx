/** Inline SVG icons: decorative (the control around them carries the name), no request, no font. */

const iconProps = { className: 'icon', width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/** Three bars; the open menu shows a cross instead (styles.css). */
export function MenuIcon() {
  return (
    <svg {...iconProps}>
      <path className="icon-bars" d="M4 7h16M4 12h16M4 17h16" />
      <path className="icon-cross" d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** A crescent moon: outlined in light mode, filled while dark mode is on (aria-pressed). */
export function MoonIcon() {
  return (
    <svg {...iconProps}>
      <path d="M20.5 14.1A8.5 8.5 0 0 1 9.9 3.5a8.5 8.5 0 1 0 10.6 10.6z" />
    </svg>
  );
}

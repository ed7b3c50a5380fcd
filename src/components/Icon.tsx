import type { SVGProps } from 'react';
import { ICON_PATHS as PATHS } from './icon-paths';

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: string;
  /** An accessible name; without one the icon is decoration and hidden from assistive tech. */
  label?: string;
  size?: number;
}

export function Icon({ name, label, size = 18, ...rest }: IconProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: with a label the icon has its <title> and role="img"; without one it is decoration, hidden by aria-hidden (spread in as `a11y`).
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...a11y}
      {...rest}
    >
      {label ? <title>{label}</title> : null}
      <path d={PATHS[name] ?? PATHS.info} />
    </svg>
  );
}

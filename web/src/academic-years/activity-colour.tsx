// An activity code's colour, always drawn with its code as text: the text is black or white,
// whichever contrasts more with the colour (at least 4.5:1 for any colour, WCAG AA). Colours are
// set through the style object (CSSOM), which the page's CSP allows, unlike inline style attributes.
import type { JSX } from 'preact';
import type { Schemas } from '../api/client';

export type ActivityType = Schemas['ActivityTypeResponse'];

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

function channels(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1);
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** Relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour (black or white) for a background. */
export function textOn(background: string): string {
  return contrast(background, '#000000') >= contrast(background, '#ffffff') ? '#000000' : '#ffffff';
}

/** Background and text colours of an activity code; nothing when it has no (valid) colour. */
export function activityStyle(colorCode: string | null | undefined): JSX.CSSProperties | undefined {
  if (!colorCode || !HEX.test(colorCode)) return undefined;
  return { backgroundColor: colorCode, color: textOn(colorCode) };
}

/** A colour swatch carrying the code as text, so the colour is never the only sign. */
export function ActivityBadge({ activity }: { activity: Pick<ActivityType, 'code' | 'name' | 'colorCode'> }) {
  return (
    <span class="activity-badge" style={activityStyle(activity.colorCode)} title={activity.name}>
      {activity.code}
    </span>
  );
}

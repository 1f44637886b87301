/**
 * The signature pad's pen (RG-55): "black pen, minimum width 3, minimum height 5, width 50".
 * Read as (docs/decisions/signature-panel.md): a black pen whose line is never thinner than 3 px,
 * a tap leaves a 5 px dot (and a slow stroke is at most that thick), and the pad is 50% of the
 * panel's width from a tablet up. On a phone the pad takes the whole width: half of a 390 px screen
 * is too narrow to sign in.
 */
export const PEN = {
  color: '#000000',
  minWidth: 3,
  maxWidth: 5,
  /** How fast a stroke thins towards the minimum width (px of width per px/ms of speed). */
  speedFactor: 1.2,
  padHeight: 160,
  padMinHeight: 120,
  typedFont: '"Segoe Script", "Brush Script MT", "URW Chancery L", cursive',
} as const;

/** Spec 01 §2.7: the sign-in screen's type scales with the window, 50 px at 1920 px wide. */
export const scaledFontSize = (windowWidth: number): number => (windowWidth / 1920) * 50;

/** i18n key of the greeting for an hour of the day (0–23). */
export const greetingKey = (hour: number): string => {
  if (hour < 5) return 'farm:home.greeting.night';
  if (hour < 12) return 'farm:home.greeting.morning';
  if (hour < 18) return 'farm:home.greeting.afternoon';
  return 'farm:home.greeting.evening';
};

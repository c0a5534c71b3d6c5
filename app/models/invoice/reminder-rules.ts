// What the Danish Interest Act allows a reminder ("rykker"): at most three, at least 10 days
// apart, each with a fee of at most 100 kr. The payment terms state them; the reminders keep them.
export const MAX_REMINDERS = 3
export const DAYS_BETWEEN_REMINDERS = 10
export const MAX_REMINDER_FEE = 100

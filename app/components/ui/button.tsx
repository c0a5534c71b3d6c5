// The site's buttons: one primary action per form, secondary beside it; small ones in a row or a table.
// Every button of the app is this one (lint flags a raw <button> outside components/ui): a submit
// unless told otherwise, as the HTML element is.
const VARIANTS = {
	primary: 'rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-60',
	// The public pages' calls to action.
	large: 'rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-900 disabled:opacity-70',
	small: 'rounded-md bg-teal-800 px-3 py-1.5 font-semibold text-white hover:bg-teal-900 disabled:opacity-60',
	secondary: 'rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-60',
	secondarySmall: 'rounded-md border border-slate-400 px-3 py-1.5 font-medium hover:bg-slate-100 disabled:opacity-60',
	// A control with a look of its own (a menu toggle, a tab, a link-like action), styled by its className.
	bare: '',
} as const

export type ButtonVariant = keyof typeof VARIANTS

export const buttonClass = (variant: ButtonVariant = 'primary') => VARIANTS[variant]

type ButtonProps = React.ComponentProps<'button'> & { variant?: ButtonVariant }

export function Button({ variant = 'primary', className = '', type = 'submit', ...props }: ButtonProps) {
	return <button {...props} type={type} className={`${VARIANTS[variant]} ${className}`.trim() || undefined} />
}

// The admin's buttons: one primary action per form, secondary beside it.
const VARIANTS = {
	primary: 'rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-60',
	small: 'rounded-md bg-teal-800 px-3 py-1.5 font-semibold text-white hover:bg-teal-900 disabled:opacity-60',
	secondary: 'rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-50',
} as const

export const buttonClass = (variant: keyof typeof VARIANTS = 'primary') => VARIANTS[variant]

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS }

export function Button({ variant = 'primary', className = '', type = 'submit', ...props }: ButtonProps) {
	return <button {...props} type={type} className={`${VARIANTS[variant]} ${className}`.trim()} />
}

// The one look for text inputs, selects and text areas, public and admin, with the solid focus
// outline every other control of the site has: `inputClass` fills its column, `inlineInputClass`
// sits in a row of filters or beside a button.
const FIELD =
	'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 aria-[invalid=true]:border-red-700'

export const inputClass = `block w-full ${FIELD}`
export const inlineInputClass = `max-w-full ${FIELD}`

export type Option = { value: string; label: string }

const INPUT_VARIANTS = { field: inputClass, inline: inlineInputClass, bare: '' } as const

// Every input of the app is this one (lint flags a raw <input> outside components/ui): `field`
// fills its column, `inline` sits in a row, `bare` (a checkbox, a file picker, a control with a
// look of its own) takes only its className.
export function Input({
	className = '',
	variant = 'field',
	...props
}: React.ComponentProps<'input'> & { variant?: keyof typeof INPUT_VARIANTS }) {
	return <input {...props} className={`${INPUT_VARIANTS[variant]} ${className}`.trim() || undefined} />
}

// A value the form sends back as it came (an intent, an id, the CSRF token).
export function Hidden(props: Omit<React.ComponentProps<'input'>, 'type'>) {
	return <input {...props} type="hidden" />
}

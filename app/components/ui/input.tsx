// The one look for text inputs, selects and text areas, public and admin, with the solid focus
// outline every other control of the site has: `inputClass` fills its column, `inlineInputClass`
// sits in a row of filters or beside a button.
const FIELD =
	'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 aria-[invalid=true]:border-red-700'

export const inputClass = `block w-full ${FIELD}`
export const inlineInputClass = `max-w-full ${FIELD}`

export type Option = { value: string; label: string }

export function Input({ className = '', ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
	return <input {...props} className={`${inputClass} ${className}`.trim()} />
}

// The admin's one look for text inputs, selects and text areas.
export const inputClass =
	'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700/40 aria-[invalid=true]:border-red-600'

export type Option = { value: string; label: string }

export function Input({ className = '', ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
	return <input {...props} className={`${inputClass} ${className}`.trim()} />
}

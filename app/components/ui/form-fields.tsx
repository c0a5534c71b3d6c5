import type { ReactNode, Ref } from 'react'
import { Input } from '#app/components/ui/input.tsx'

export type FieldProps = {
	id: string
	name: string
	defaultValue: string
	'aria-invalid': true | undefined
	'aria-describedby': string | undefined
}

// The inputs the public forms repeat, each with the browser's autofill for what it asks.
export const fieldInputs = {
	name: (props: FieldProps) => <Input {...props} type="text" autoComplete="name" />,
	phone: (props: FieldProps) => <Input {...props} type="tel" autoComplete="tel" />,
	// A reference, an order number: nothing the browser should fill in.
	plain: (props: FieldProps) => <Input {...props} type="text" autoComplete="off" />,
	// EAN, CVR: digits, with the phone's number pad.
	digits: (props: FieldProps) => <Input {...props} type="text" inputMode="numeric" autoComplete="off" />,
	// Someone else's address (a finance office's): not the visitor's own for the browser to fill in.
	otherEmail: (props: FieldProps) => <Input {...props} type="email" autoComplete="off" />,
}

export const fieldId = (prefix: string, name: string) => `${prefix}-${name.replace('_', '-')}`

// The public forms' fields: a label, the input, a hint and the field's error, tied together for
// screen readers; the value the customer typed comes back after a refusal.
export function fieldMaker<F extends string>(
	prefix: string,
	values: Partial<Record<F, string>>,
	error: (field: F) => string | undefined,
) {
	return (name: F, label: string, input: (props: FieldProps) => ReactNode, hint?: string) => {
		const id = fieldId(prefix, name)
		const message = error(name)
		const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined
		return (
			<div className="mb-4">
				<label htmlFor={id} className="mb-1 block font-medium">
					{label}
				</label>
				{input({
					id,
					name,
					defaultValue: values[name] ?? '',
					'aria-invalid': message ? true : undefined,
					'aria-describedby': describedBy,
				})}
				{hint && (
					<p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
						{hint}
					</p>
				)}
				{message && (
					<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
						{message}
					</p>
				)}
			</div>
		)
	}
}

// A refusal's summary: the message and a link to each field that needs a change; focused when it
// appears, so a screen reader reads it.
export function ErrorSummary({
	prefix,
	message,
	errors,
	focusRef,
}: {
	prefix: string
	message: string
	errors: Record<string, string>
	focusRef: Ref<HTMLDivElement>
}) {
	return (
		<div
			id={`${prefix}-errors`}
			role="alert"
			tabIndex={-1}
			ref={focusRef}
			className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
		>
			<p className="font-medium">{message}</p>
			{Object.keys(errors).length > 0 && (
				<ul className="mt-1 list-disc pl-5">
					{Object.entries(errors).map(([name, text]) => (
						<li key={name}>
							<a className="underline" href={`#${fieldId(prefix, name)}`}>
								{text}
							</a>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}

// The summary of the form's last refusal, if any; a new refusal is a new summary, focused again.
export function RefusalSummary({
	prefix,
	refusal,
	focusRef,
}: {
	prefix: string
	refusal: { message: string; errors: Record<string, string> } | null | undefined
	focusRef: Ref<HTMLDivElement>
}) {
	if (!refusal) return null
	const { message, errors } = refusal
	return (
		<ErrorSummary key={JSON.stringify(refusal)} prefix={prefix} message={message} errors={errors} focusRef={focusRef} />
	)
}

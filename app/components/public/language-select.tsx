import { FieldError } from '#app/components/ui/field.tsx'
import { inlineInputClass } from '#app/components/ui/input.tsx'
type Language = { code: string; name: string }
type Props = {
	id: string
	name: string
	label: string
	languages: Language[]
	placeholder: string
	defaultValue?: string
	onChange?: (code: string) => void
	error?: string
}

// A labelled select of the active languages, by code; the empty first option says what "none" means.
export function LanguageSelect({ id, name, label, languages, placeholder, defaultValue, onChange, error }: Props) {
	return (
		<div>
			<label htmlFor={id} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<select
				id={id}
				name={name}
				defaultValue={defaultValue ?? ''}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				onChange={onChange && ((event) => onChange(event.currentTarget.value))}
				className={inlineInputClass}
			>
				<option value="">{placeholder}</option>
				{languages.map((language) => (
					<option key={language.code} value={language.code}>
						{language.name}
					</option>
				))}
			</select>
			<FieldError id={`${id}-error`} message={error} />
		</div>
	)
}

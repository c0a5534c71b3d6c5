import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { FieldError, FieldLabel } from '#app/components/ui/field.tsx'
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
			<FieldLabel htmlFor={id}>{label}</FieldLabel>
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

type PairProps = {
	// The selects' ids are `${idPrefix}-from` and `${idPrefix}-to`; their names `${namePrefix}from`, `…to`.
	idPrefix: string
	namePrefix?: string
	languages: Language[]
	placeholder: string
	defaults?: Partial<Record<Side, string>>
	errors?: Partial<Record<Side, string>>
	onChange?: (side: Side, code: string) => void
}
type Side = 'from' | 'to'

// The two languages of a pair, "from" then "to", labelled as the price check labels them.
export function LanguagePairSelects({ idPrefix, namePrefix = '', defaults, errors, onChange, ...props }: PairProps) {
	const { t } = useI18n()
	return (['from', 'to'] as const).map((side) => (
		<LanguageSelect
			key={side}
			id={`${idPrefix}-${side}`}
			name={`${namePrefix}${side}`}
			label={t(`priceCheck.${side}`)}
			defaultValue={defaults?.[side]}
			error={errors?.[side]}
			onChange={onChange && ((code) => onChange(side, code))}
			{...props}
		/>
	))
}

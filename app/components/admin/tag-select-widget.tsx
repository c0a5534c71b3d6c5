import { useRef, useState } from 'react'
import Select, { type MultiValue } from 'react-select'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import type { Option } from '#app/components/ui/input.tsx'
import type { TagSelectProps } from '#app/components/admin/tag-select.tsx'

// react-select does the searching, the tags and the keyboard; a hidden native select carries the
// value in the form and fires the `change` event other scripts listen for.
export default function TagSelectWidget({ id, name, label, options, defaultValue, ...aria }: TagSelectProps) {
	const { t } = useAdminI18n()
	const [selected, setSelected] = useState<readonly Option[]>(() =>
		options.filter((option) => defaultValue.includes(option.value)),
	)
	const carrier = useRef<HTMLSelectElement>(null)

	function select(value: MultiValue<Option>) {
		setSelected(value)
		const element = carrier.current
		if (!element) return
		const chosen = new Set(value.map((option) => option.value))
		for (const option of element.options) option.selected = chosen.has(option.value)
		element.dispatchEvent(new Event('change', { bubbles: true }))
	}

	return (
		<>
			<Select<Option, true>
				inputId={id}
				instanceId={id}
				isMulti
				options={options}
				value={selected}
				onChange={select}
				placeholder={t('form.search')}
				noOptionsMessage={() => t('form.noMatches')}
				aria-label={label}
				aria-invalid={aria['aria-invalid']}
				aria-describedby={aria['aria-describedby']}
				classNamePrefix="tag-select"
				styles={{ control: (base) => ({ ...base, borderColor: '#94a3b8' }) }}
			/>
			<select ref={carrier} name={name} multiple hidden aria-hidden="true" tabIndex={-1} defaultValue={defaultValue}>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</>
	)
}

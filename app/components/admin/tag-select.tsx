import { lazy } from 'react'
import { Enhanced } from '#app/components/ui/enhanced.tsx'
import { inputClass, type Option } from '#app/components/ui/input.tsx'

const TagSelectWidget = lazy(() => import('#app/components/admin/tag-select-widget.tsx'))

export type TagSelectProps = {
	id: string
	name: string
	label: string
	options: Option[]
	defaultValue: string[]
	'aria-invalid'?: boolean
	'aria-describedby'?: string
}

// The spec's "selectize": a plain multiple select that becomes a searchable tag select once
// the page has script; the form submits the same field either way.
export function TagSelect(props: TagSelectProps) {
	const native = (
		<select
			id={props.id}
			name={props.name}
			multiple
			defaultValue={props.defaultValue}
			aria-invalid={props['aria-invalid']}
			aria-describedby={props['aria-describedby']}
			className={`${inputClass} min-h-32`}
		>
			{props.options.map((option) => (
				<option key={option.value} value={option.value}>
					{option.label}
				</option>
			))}
		</select>
	)
	return (
		<div data-controller="selectize">
			<Enhanced plain={native}>
				<TagSelectWidget {...props} />
			</Enhanced>
		</div>
	)
}

import { useId } from 'react'
import type { Field } from '#app/models/records/definition.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { TagSelect } from '#app/components/admin/tag-select.tsx'
import { RichTextEditor } from '#app/components/admin/rich-text-editor.tsx'
import { FieldError } from '#app/components/ui/field.tsx'
import { Hidden, Input, inputClass, type Option } from '#app/components/ui/input.tsx'

export type FormValue = string | string[] | boolean | null | undefined

type FieldInputProps = { field: Field; value: FormValue; error?: string; options?: Option[] }

// One labelled input of a record form, with its hint and its error tied to it for screen readers.
export function FieldInput({ field, value, error, options = [] }: FieldInputProps) {
	const { t } = useAdminI18n()
	const id = useId()
	const hintId = `${id}-hint`
	const errorId = `${id}-error`
	const describedBy = [field.hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
	const label = field.lang ? `${t(field.label)} (${t(`language.${field.lang}`)})` : t(field.label)
	const common = {
		id,
		name: field.name,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': describedBy,
		required: field.required && field.kind !== 'image' ? true : undefined,
		lang: field.lang,
	}
	const text = typeof value === 'string' ? value : ''
	let input: React.ReactNode
	switch (field.kind) {
		case 'textarea':
			input = <textarea {...common} rows={3} defaultValue={text} className={inputClass} />
			break
		case 'rich':
			input = <RichTextEditor {...common} labelId={`${id}-label`} defaultValue={text} />
			break
		case 'checkbox':
			return (
				<div className="flex items-center gap-2">
					<Input
						variant="bare"
						{...common}
						type="checkbox"
						defaultChecked={value === true}
						className="h-4 w-4 accent-teal-800"
					/>
					<label htmlFor={id} className="text-sm font-medium">
						{label}
					</label>
					<FieldError id={errorId} message={error && t(error)} />
				</div>
			)
		case 'select':
			input = (
				<select {...common} defaultValue={text} className={inputClass}>
					<option value="">{t('form.choose')}</option>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{field.options === 'roles' ? t(`roles.${option.value}`) : option.label}
						</option>
					))}
				</select>
			)
			break
		case 'tags':
			input = <TagSelect {...common} options={options} defaultValue={Array.isArray(value) ? value : []} label={label} />
			break
		case 'image':
			input = <ImageInput {...common} name={`${field.name}File`} fieldName={field.name} current={text} />
			break
		case 'number':
			input = <Input {...common} type="text" inputMode="decimal" defaultValue={text} />
			break
		case 'password':
			input = <Input {...common} type="password" autoComplete="new-password" />
			break
		default:
			input = <Input {...common} type={field.kind === 'email' ? 'email' : 'text'} defaultValue={text} />
	}
	return (
		<div>
			<label htmlFor={id} id={`${id}-label`} className="mb-1 block text-sm font-medium">
				{label}
				{field.required && <span aria-hidden="true"> *</span>}
			</label>
			{input}
			{field.hint && (
				<p id={hintId} className="mt-1 text-sm text-slate-600">
					{t(field.hint)}
				</p>
			)}
			<FieldError id={errorId} message={error && t(error)} />
		</div>
	)
}

type ImageInputProps = React.InputHTMLAttributes<HTMLInputElement> & { current: string; fieldName: string }

// The stored image stays unless a new file is chosen; an upload survives a form that fails
// validation, because the server keeps it and sends its address back as `current`.
function ImageInput({ current, fieldName, ...props }: ImageInputProps) {
	const { t } = useAdminI18n()
	return (
		<div className="flex items-center gap-4">
			<Hidden name={fieldName} value={current} />
			{current && (
				<img
					src={current}
					alt={t('fields.currentImage')}
					className="h-16 w-24 rounded border border-slate-300 object-cover"
				/>
			)}
			<Input
				variant="bare"
				{...props}
				type="file"
				accept="image/png,image/jpeg,image/webp,image/gif"
				className="text-sm"
			/>
		</div>
	)
}

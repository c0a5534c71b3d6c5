import type { ReactNode } from 'react'
import { CompanySearch } from '#app/components/order/company-search.tsx'
import type { FieldProps, fieldMaker } from '#app/components/ui/form-fields.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ToggleDisplay } from '#app/components/ui/toggle-display.tsx'
import { fieldInputs } from '#app/components/ui/form-fields.tsx'

// The field maker of a form that has (at least) these fields.
type Fields<F extends string> = ReturnType<typeof fieldMaker<F>>

// Who the customer is: name, e-mail and phone, as the request and the acceptance ask them.
function ContactFields({ field }: { field: Fields<'name' | 'email' | 'phone'> }) {
	const { t } = useI18n()
	return (
		<div className="grid gap-x-6 sm:grid-cols-2">
			{field('name', t('request.name'), fieldInputs.name)}
			{field('email', t('request.email'), (props) => (
				<Input {...props} type="email" autoComplete="email" />
			))}
			{field('phone', t('request.phone'), fieldInputs.phone)}
		</div>
	)
}

// The box that says "a company": its name and value, its label, and whether it was ticked.
export type CompanyToggle = { name: string; value?: string; label: string; isChecked: boolean }
type CompanyProps = { field: Fields<'company_query' | 'ean'>; toggle: CompanyToggle; knownName?: string | null }

// The customer, then their company: the part of the request and the acceptance that is the same.
export function CustomerFields({
	field,
	toggle,
	knownName,
}: {
	field: Fields<'name' | 'email' | 'phone' | 'company_query' | 'ean'>
	toggle: CompanyToggle
	knownName?: string | null
}) {
	return (
		<>
			<ContactFields field={field} />
			<CompanyFields field={field} toggle={toggle} knownName={knownName} />
		</>
	)
}

// The registry's picker as a field maker's input (the request, the acceptance, the account's details).
export function CompanySearchInput(props: FieldProps & { knownName?: string | null }) {
	const { t } = useI18n()
	return (
		<CompanySearch
			id={props.id}
			label={t('request.company')}
			placeholder={t('request.companyPlaceholder')}
			describedBy={props['aria-describedby'] ?? ''}
			isInvalid={Boolean(props['aria-invalid'])}
			defaultQuery={props.defaultValue}
			knownName={props.knownName}
		/>
	)
}

// A company (found in the registry, with an EAN for a public body) or a private person.
function CompanyFields({ field, toggle, knownName }: CompanyProps) {
	const { t } = useI18n()
	return (
		<ToggleDisplay sources={[toggle.name]} className="mb-4">
			<label className="mb-3 flex items-center gap-2 font-medium">
				<Input
					variant="bare"
					type="checkbox"
					name={toggle.name}
					value={toggle.value}
					defaultChecked={toggle.isChecked}
					className="size-4"
				/>
				{toggle.label}
			</label>
			<p data-display={`!${toggle.name}`} className="mb-3 text-sm text-slate-600">
				{t('request.privateNote')}
			</p>
			<div
				data-display={toggle.name}
				className="grid gap-x-6 rounded-md border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
			>
				{field(
					'company_query',
					t('request.company'),
					(props) => (
						<div data-autofocus>
							<CompanySearchInput {...props} knownName={knownName} />
						</div>
					),
					t('request.companyHint'),
				)}
				{field('ean', t('request.ean'), fieldInputs.digits, t('request.eanHint'))}
			</div>
		</ToggleDisplay>
	)
}

type AgreementProps = { id: string; name: string; isChecked: boolean; error?: string; children: ReactNode }

// A box the customer must tick (consent, the terms), with its label and its error.
export function AgreementCheckbox({ id, name, isChecked, error, children }: AgreementProps) {
	return (
		<div className="mb-4">
			<div className="flex items-start gap-2">
				<Input
					variant="bare"
					type="checkbox"
					id={id}
					name={name}
					defaultChecked={isChecked}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? `${id}-error` : undefined}
					className="mt-1 size-4"
				/>
				<label htmlFor={id}>{children}</label>
			</div>
			{error && (
				<p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
					{error}
				</p>
			)}
		</div>
	)
}

// A form sent back keeps the company the picker had chosen: its CVR becomes the picker's start.
export function keptCompany<V extends Partial<Record<'company_query' | 'company_cvr', string>>>(values: V): V {
	if (values.company_query || !values.company_cvr) return values
	return { ...values, company_query: values.company_cvr }
}

import { useFetcher } from 'react-router'
import { AuthenticityTokenInput } from '../authenticity-token.tsx'
import { useAdminI18n } from '../i18n.tsx'
import { FieldError, inputClass } from './fields.tsx'

type Defaults = { defaultPricePerWord: string; minimumOrder: string; currency: string }
type Result = { errors?: Record<string, string>; values?: Partial<Defaults> }

export function PriceDefaultsForm({ defaults }: { defaults: Defaults }) {
	const { t } = useAdminI18n()
	const fetcher = useFetcher<Result>()
	const errors = fetcher.data?.errors ?? {}
	const fields: { name: keyof Defaults; label: Parameters<typeof t>[0] }[] = [
		{ name: 'defaultPricePerWord', label: 'fields.defaultPricePerWord' },
		{ name: 'minimumOrder', label: 'fields.minimumOrder' },
		{ name: 'currency', label: 'fields.currency' },
	]
	return (
		<fetcher.Form method="post" action="/admin/prices/defaults" noValidate className="mb-6 rounded-md border border-slate-300 bg-white p-5">
			<h2 className="mb-1 text-lg font-bold">{t('prices.defaultsTitle')}</h2>
			<p className="mb-4 text-sm text-slate-700">{t('prices.defaultsHelp')}</p>
			<AuthenticityTokenInput />
			<div className="grid gap-4 sm:grid-cols-3">
				{fields.map((field) => (
					<div key={field.name}>
						<label htmlFor={`defaults-${field.name}`} className="mb-1 block text-sm font-medium">
							{t(field.label)}
						</label>
						<input
							id={`defaults-${field.name}`}
							name={field.name}
							inputMode={field.name === 'currency' ? undefined : 'decimal'}
							defaultValue={fetcher.data?.values?.[field.name] ?? defaults[field.name]}
							aria-invalid={errors[field.name] ? true : undefined}
							aria-describedby={errors[field.name] ? `defaults-${field.name}-error` : undefined}
							className={inputClass}
						/>
						<FieldError id={`defaults-${field.name}-error`} error={errors[field.name]} />
					</div>
				))}
			</div>
			<button type="submit" disabled={fetcher.state !== 'idle'} className="mt-4 rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-60">
				{t('actions.save')}
			</button>
		</fetcher.Form>
	)
}

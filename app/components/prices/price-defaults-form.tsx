import { useFetcher } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { LabelledInput } from '#app/components/ui/field.tsx'
import { Button } from '#app/components/ui/button.tsx'

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
		<fetcher.Form
			method="post"
			action="/admin/prices/defaults"
			noValidate
			className="mb-6 rounded-md border border-slate-300 bg-white p-5"
		>
			<h2 className="mb-1 text-lg font-bold">{t('prices.defaultsTitle')}</h2>
			<p className="mb-4 text-sm text-slate-700">{t('prices.defaultsHelp')}</p>
			<AuthenticityTokenInput />
			<div className="grid gap-4 sm:grid-cols-3">
				{fields.map((field) => (
					<LabelledInput
						key={field.name}
						id={`defaults-${field.name}`}
						name={field.name}
						label={t(field.label)}
						inputMode={field.name === 'currency' ? undefined : 'decimal'}
						defaultValue={fetcher.data?.values?.[field.name] ?? defaults[field.name]}
						error={errors[field.name] && t(errors[field.name]!)}
					/>
				))}
			</div>
			<Button type="submit" disabled={fetcher.state !== 'idle'} className="mt-4">
				{t('actions.save')}
			</Button>
		</fetcher.Form>
	)
}

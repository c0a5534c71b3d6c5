import { useId } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/field.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Hidden, Input, inputClass } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'

type Values = { by?: string; amount?: string; reason?: string }
type Props = {
	lines: { description: string; amount: number }[]
	money: (amount: number) => string
	errors?: Record<string, string>
	values?: Values
}

// Staff take part of an invoice back: some of its lines, or an amount without VAT, with the reason
// printed on the credit note. A refused form comes back with what was chosen and typed.
export function PartialCreditForm({ lines, money, errors = {}, values = {} }: Props) {
	const { t } = useAdminI18n()
	const id = useId()
	const by = values.by === 'amount' ? 'amount' : 'lines'
	return (
		<Section id="invoice-credit-title" title={t('credit.title')}>
			<p className="text-sm text-slate-700">{t('credit.lead')}</p>
			<Form method="post" className="space-y-3" data-controller="partial-credit">
				<AuthenticityTokenInput />
				<Hidden name="intent" value="credit" />
				<fieldset>
					<legend className="flex items-center gap-2 font-medium">
						<Input
							variant="bare"
							type="radio"
							id={`${id}-lines`}
							name="by"
							value="lines"
							defaultChecked={by === 'lines'}
						/>
						<label htmlFor={`${id}-lines`}>{t('credit.byLines')}</label>
					</legend>
					<ul className="mt-1 ml-6 space-y-1 text-sm">
						{lines.map((line, index) => (
							<li key={index} className="flex items-start gap-2">
								<Input
									variant="bare"
									type="checkbox"
									id={`${id}-line-${index}`}
									name="lines"
									value={index}
									className="mt-0.5 size-4"
								/>
								<label htmlFor={`${id}-line-${index}`}>
									{line.description} · {money(line.amount)}
								</label>
							</li>
						))}
					</ul>
					<FieldError id={`${id}-lines-error`} message={errors.lines && t('credit.error.lines')} />
				</fieldset>
				<div>
					<div className="flex items-center gap-2 font-medium">
						<Input
							variant="bare"
							type="radio"
							id={`${id}-by-amount`}
							name="by"
							value="amount"
							defaultChecked={by === 'amount'}
						/>
						<label htmlFor={`${id}-by-amount`}>{t('credit.byAmount')}</label>
					</div>
					<label htmlFor={`${id}-amount`} className="mt-1 ml-6 block text-sm">
						{t('credit.amount')}
					</label>
					<Input
						id={`${id}-amount`}
						name="amount"
						inputMode="decimal"
						defaultValue={values.amount}
						variant="inline"
						className="ml-6"
						aria-invalid={errors.amount ? true : undefined}
						aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
					/>
					<FieldError id={`${id}-amount-error`} message={errors.amount && t('credit.error.amount')} />
				</div>
				<div>
					<label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
						{t('credit.reason')}
					</label>
					<textarea
						id={`${id}-reason`}
						name="reason"
						rows={2}
						defaultValue={values.reason}
						className={inputClass}
						aria-invalid={errors.reason ? true : undefined}
						aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
					/>
					<FieldError id={`${id}-reason-error`} message={errors.reason && t('credit.error.reason')} />
				</div>
				<Button variant="secondary" type="submit">
					{t('credit.submit')}
				</Button>
			</Form>
		</Section>
	)
}

import { useId } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/field.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Hidden, Input, inputClass } from '#app/components/ui/input.tsx'
import { PAYMENT_METHODS } from '#database/enums.ts'

type Values = Partial<Record<'paidOn' | 'amount' | 'method' | 'note', string>>
type Props = {
	today: string
	outstanding: number
	paidBefore: number
	errors?: Partial<Record<keyof Values, string>>
	values?: Values
}

// Staff register money received: date, amount (as they type it, "1.250,50"), how, a note. The
// form sends what it was shown as paid, so a payment a colleague registered meanwhile is not
// doubled. A refused form comes back with what was typed and the error by its field.
export function PaymentForm({ today, outstanding, paidBefore, errors = {}, values = {} }: Props) {
	const { t } = useAdminI18n()
	const id = useId()
	const field = (name: keyof Values, label: string, input: (props: Record<string, unknown>) => React.ReactNode) => (
		<div>
			<label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			{input({
				id: `${id}-${name}`,
				name,
				'aria-invalid': errors[name] ? true : undefined,
				'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
			})}
			<FieldError id={`${id}-${name}-error`} message={errors[name] && t(`payment.error.${errors[name]}`)} />
		</div>
	)
	return (
		<Form method="post" className="grid gap-3 sm:grid-cols-2" data-controller="payment-form">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="payment" />
			<Hidden name="paidBefore" value={paidBefore.toFixed(2)} />
			{field('paidOn', t('payment.date'), (props) => (
				<Input {...props} type="date" required defaultValue={values.paidOn ?? today} />
			))}
			{field('amount', t('payment.amount'), (props) => (
				<Input
					{...props}
					type="text"
					inputMode="decimal"
					required
					defaultValue={values.amount ?? outstanding.toFixed(2).replace('.', ',')}
				/>
			))}
			{field('method', t('payment.method'), (props) => (
				<select {...props} defaultValue={values.method ?? 'bank'} className={inputClass}>
					{PAYMENT_METHODS.map((method) => (
						<option key={method} value={method}>
							{t(`payment.methods.${method}`)}
						</option>
					))}
				</select>
			))}
			{field('note', t('payment.note'), (props) => (
				<Input {...props} type="text" maxLength={500} defaultValue={values.note ?? ''} />
			))}
			<div className="sm:col-span-2">
				<Button type="submit">{t('payment.register')}</Button>
			</div>
		</Form>
	)
}

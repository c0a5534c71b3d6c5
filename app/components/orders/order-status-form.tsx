import { useState } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { Hidden, inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { ORDER_TRANSITIONS } from '#app/models/order/status.ts'
import type { OrderStatus } from '#database/enums.ts'

type Props = { status: OrderStatus; invoiceNumber: string | number | null; email: string }

// Moves an order on: the current status, the allowed next ones (the usual step first), a message
// the customer sees on the order page and by mail. Cancelling must be confirmed and says what it
// does. The page keys it on the status, so a change leaves nothing typed in it, while a colleague's
// note arriving live (a reload of the page) leaves what is being typed alone.
export function OrderStatusForm({ status, invoiceNumber, email }: Props) {
	const { t } = useAdminI18n()
	const next = ORDER_TRANSITIONS[status]
	const [chosen, setChosen] = useState<OrderStatus | undefined>(next[0])
	// Without script the confirmation is always there (the server asks for it when cancelling).
	const hydrated = useHydrated()
	if (next.length === 0) return <p className="text-sm text-slate-700">{t('order.statusFinal')}</p>
	const cancelling = chosen === 'cancelled'
	return (
		<Form method="post" className="space-y-3" data-controller="order-status-form">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="status" />
			<Hidden name="from" value={status} />
			<div className="flex flex-wrap items-end gap-3">
				<label className="text-sm font-medium">
					<span className="mb-1 block">{t('order.newStatus')}</span>
					<select
						name="status"
						className={inlineInputClass}
						value={chosen}
						onChange={(event) => setChosen(event.target.value as OrderStatus)}
					>
						{next.map((option) => (
							<option key={option} value={option}>
								{t(`orders.status.${option}`)}
							</option>
						))}
					</select>
				</label>
				<label className="min-w-56 flex-1 text-sm font-medium">
					<span className="mb-1 block">{t('order.statusNote')}</span>
					<Input name="note" maxLength={2000} />
				</label>
			</div>
			<label
				className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950 data-[hidden]:hidden"
				data-hidden={cancelling || !hydrated ? undefined : ''}
				data-cancel-confirm
			>
				<Input variant="bare" type="checkbox" name="confirm" required={cancelling} className="mt-0.5 size-4" />
				<span>
					{invoiceNumber === null
						? t('order.cancelConfirm', { email })
						: t('order.cancelConfirmCredit', { email, number: invoiceNumber })}
				</span>
			</label>
			<Button variant="bare" type="submit" className={buttonClass(cancelling ? 'secondary' : 'primary')}>
				{cancelling ? t('order.cancelOrder') : t('order.changeStatus')}
			</Button>
		</Form>
	)
}

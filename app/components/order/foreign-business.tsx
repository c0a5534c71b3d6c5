import type { fieldMaker } from '#app/components/ui/form-fields.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ToggleDisplay } from '#app/components/ui/toggle-display.tsx'
import type { AcceptField } from '#app/models/order/form.ts'
import { fieldInputs } from '#app/components/ui/form-fields.tsx'

type Props = { field: ReturnType<typeof fieldMaker<AcceptField>>; isChecked: boolean }

// A business in another EU country orders with its EU VAT number (checked by its country's check
// digits) and is invoiced without Danish VAT: the reverse charge.
export function ForeignBusinessFields({ field, isChecked }: Props) {
	const { t } = useI18n()
	return (
		<ToggleDisplay sources={['foreign']} className="mb-4">
			<label className="mb-3 flex items-center gap-2 font-medium">
				<Input variant="bare" type="checkbox" name="foreign" defaultChecked={isChecked} className="size-4" />
				{t('accept.foreign')}
			</label>
			<div
				data-display="foreign"
				data-controller="foreign-business"
				className="grid gap-x-6 rounded-md border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
			>
				<p className="mb-3 text-sm text-slate-700 sm:col-span-2">{t('accept.foreignNote')}</p>
				{field('foreign_name', t('accept.foreignName'), (props) => (
					<Input {...props} type="text" autoComplete="organization" />
				))}
				{field('vat_number', t('accept.vatNumber'), fieldInputs.plain, t('accept.vatNumberHint'))}
				<div className="sm:col-span-2">
					{field('foreign_address', t('accept.foreignAddress'), (props) => (
						<Input {...props} type="text" autoComplete="street-address" />
					))}
				</div>
			</div>
		</ToggleDisplay>
	)
}

import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import type { AuditText, AuditVar } from '#app/models/audit/text.ts'
import { intlLocale } from '#app/utils/locales.ts'
import { formatDay, formatMonth, formatNumber, formatPrice } from '#app/utils/format.ts'

// An audit event's text in the reader's language, its values written out the same way.
export function useAuditText() {
	const { locale, t } = useAdminI18n()
	const value = (item: AuditVar): string | number => {
		if (typeof item === 'string' || typeof item === 'number') return item
		if ('key' in item) return t(item.key, vars(item.vars))
		if ('number' in item)
			return Number.isInteger(item.number)
				? formatNumber(item.number, locale)
				: item.number.toLocaleString(intlLocale(locale), { minimumFractionDigits: 2 })
		if ('month' in item) return formatMonth(item.month, locale)
		if ('day' in item) return formatDay(item.day, locale)
		if ('money' in item) return formatPrice(item.money, item.currency, locale)
		if ('field' in item) return fieldLabel(item.field)
		return item.list.map(value).join(', ')
	}
	const vars = (given: AuditText['vars'] = {}) =>
		Object.fromEntries(Object.entries(given).map(([name, item]) => [name, value(item)]))
	// A field's label where the forms have one, else its name.
	const fieldLabel = (name: string) => {
		const label = t(`fields.${name}`)
		return label === `fields.${name}` ? name : label
	}
	return { text: (text: AuditText) => t(`audit.text.${text.key}`, vars(text.vars)), fieldLabel }
}

// Event names shared by the pages that send them and the admin that reads them.
export const CALCULATED_PRICE_EVENT = 'Calculated price'

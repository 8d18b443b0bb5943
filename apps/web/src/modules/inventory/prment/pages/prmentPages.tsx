import { DocConvertActionPage } from './DocConvertActionPage';
import { DocFormPage } from './DocFormPage';
import { DocInfoPage } from './DocInfoPage';
import { DocListPage } from './DocListPage';

// The document pages of spec 01 §2.5, one export per route (modules/inventory/routes.ts loads them).

const add = { kind: 'add' } as const;
const edit = { kind: 'edit' } as const;

export const AplionformListPage = () => <DocListPage type="purchase_request" />;
export const AplionformAddPage = () => <DocFormPage type="purchase_request" mode={add} />;
export const AplionformEditPage = () => <DocFormPage type="purchase_request" mode={edit} />;
export const AplionformInfoPage = () => <DocInfoPage type="purchase_request" />;

export const TransferListPage = () => <DocListPage type="transfer" />;
export const TransferAddPage = () => <DocFormPage type="transfer" mode={add} />;
export const TransferEditPage = () => <DocFormPage type="transfer" mode={edit} />;
export const TransferInfoPage = () => <DocInfoPage type="transfer" />;
export const TransferConvertPage = () => <DocConvertActionPage kind="legs" />;

export const ShipmentListPage = () => <DocListPage type="shipment" />;
export const ShipmentAddPage = () => <DocFormPage type="shipment" mode={add} />;
export const ShipmentEditPage = () => <DocFormPage type="shipment" mode={edit} />;
export const ShipmentInfoPage = () => <DocInfoPage type="shipment" />;
/** A source ({id}: a return to a supplier) shipped out. */
export const ShipmentConvertPage = () => (
  <DocFormPage type="shipment" mode={{ kind: 'convert', to: 'shipment' }} />
);
/** A customer's return of outbound {id}. */
export const ShipmentReturnPage = () => (
  <DocFormPage type="return" mode={{ kind: 'convert', to: 'return' }} />
);

export const WarehousingListPage = () => <DocListPage type="warehousing" />;
export const WarehousingAddPage = () => <DocFormPage type="warehousing" mode={add} />;
export const WarehousingEditPage = () => <DocFormPage type="warehousing" mode={edit} />;
export const WarehousingInfoPage = () => <DocInfoPage type="warehousing" />;
export const WarehousingConvertShipmentPage = () => (
  <DocFormPage type="warehousing" mode={{ kind: 'convert', to: 'warehousing' }} />
);
export const WarehousingConvertPurchasePage = () => (
  <DocFormPage type="warehousing" mode={{ kind: 'convert', to: 'warehousing' }} />
);

export const StocktakeListPage = () => <DocListPage type="stocktake" />;
export const StocktakeAddPage = () => <DocFormPage type="stocktake" mode={add} />;
export const StocktakeEditPage = () => <DocFormPage type="stocktake" mode={edit} />;
export const StocktakeResubmitPage = () => <DocFormPage type="stocktake" mode={{ kind: 'resubmit' }} />;
export const StocktakeInfoPage = () => <DocInfoPage type="stocktake" />;
export const StocktakeConvertPage = () => <DocConvertActionPage kind="adjust" />;

export const ReturnListPage = () => <DocListPage type="return" />;
export const ReturnAddPage = () => <DocFormPage type="return" mode={add} />;
export const ReturnEditPage = () => <DocFormPage type="return" mode={edit} />;
export const ReturnInfoPage = () => <DocInfoPage type="return" />;
export const ReturnConvertPage = () => (
  <DocFormPage type="return" mode={{ kind: 'convert', to: 'return-target' }} />
);

/**
 * Fernhill's own form widgets, by the name a form's x-ui-schema gives as "ui:widget" (beside the
 * engine's: rjsf's widget registry, where a site's name wins).
 */
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { TextareaWidget } from '@engine/forms/widgets/inputs.tsx';

/** A text area for when a group would like to come, with the mornings the library takes groups. */
function VisitTimeWidget(props: WidgetProps) {
  return (
    <>
      <TextareaWidget {...props} />
      <p className="form-hint visit-time__slots">Groups come Tuesday to Friday, between 9:30 and 12:00.</p>
    </>
  );
}

export const widgets: RegistryWidgetsType = { 'visit-time': VisitTimeWidget };

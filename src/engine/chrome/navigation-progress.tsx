import { useNavigation } from 'react-router';

/**
 * Shown only while the next page's content loads on the client (never on first load, so it
 * never covers server-rendered content). It fades in after a short delay, so quick navigations
 * show nothing, and fades out as soon as the data is there.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div className={`nav-progress${loading ? ' nav-progress--active' : ''}`} aria-hidden={!loading}>
      <div className="nav-progress__bar" />
      <p className="visually-hidden" role="status">
        {loading ? 'Loading page…' : ''}
      </p>
    </div>
  );
}

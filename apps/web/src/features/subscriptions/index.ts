// The subscriptions feature's public surface for the other features (beside api/): the panel Account Settings
// shows.
export { SubscriptionsPanel } from './components/subscriptions-panel';

// Starting the tour from anywhere (the Help menu) without importing the launcher.
import { requestChannel } from "#web/lib/request-channel.ts";

export const TOUR_REQUEST_EVENT = "kairo:start-tour";
const channel = requestChannel(TOUR_REQUEST_EVENT);

export const requestTour = () => channel.request();

export const onTourRequest = (start: () => void) => channel.listen(start);

// Starting the tour from anywhere (the Help menu) without importing the launcher.
import { requestChannel } from "../../lib/request-channel.ts";

const channel = requestChannel("kairo:start-tour");

export const requestTour = () => channel.request();

export const onTourRequest = (start: () => void) => channel.listen(start);

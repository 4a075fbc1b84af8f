import { SEAT_PRICE_CENTS, type SeatPreview } from '../contracts';

/** What adding one seat does to the monthly bill; the admin is never a seat. */
export function seatPreview(currentSeats: number, pricePerSeat = SEAT_PRICE_CENTS): SeatPreview {
  return {
    currentSeats,
    currentMonthlyCost: currentSeats * pricePerSeat,
    newSeatCost: pricePerSeat,
    newTotalCost: (currentSeats + 1) * pricePerSeat,
  };
}

import { seatPreview } from './billing';

describe(seatPreview.name, () => {
  it('prices a first seat at $2 on top of nothing', () => {
    expect(seatPreview(0)).toEqual({ currentSeats: 0, currentMonthlyCost: 0, newSeatCost: 200, newTotalCost: 200 });
  });

  it('adds one seat to the current bill, in cents', () => {
    expect(seatPreview(12)).toEqual({
      currentSeats: 12,
      currentMonthlyCost: 2400,
      newSeatCost: 200,
      newTotalCost: 2600,
    });
  });
});

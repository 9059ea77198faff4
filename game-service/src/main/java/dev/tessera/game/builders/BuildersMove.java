package dev.tessera.game.builders;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A player's action in The Builders; the acting player comes from the caller, not from the JSON. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = BuildersMove.StartConstruction.class, name = "start-construction"),
    @JsonSubTypes.Type(value = BuildersMove.RecruitWorker.class, name = "recruit-worker"),
    @JsonSubTypes.Type(value = BuildersMove.SendWorker.class, name = "send-worker"),
    @JsonSubTypes.Type(value = BuildersMove.SendMachine.class, name = "send-machine"),
    @JsonSubTypes.Type(value = BuildersMove.TakeCoins.class, name = "take-coins"),
    @JsonSubTypes.Type(value = BuildersMove.BuyActionPoint.class, name = "buy-action-point"),
    @JsonSubTypes.Type(value = BuildersMove.EndTurn.class, name = "end-turn")
})
public sealed interface BuildersMove {

    /** 1 AP: take the face-up building {@code building} (card id) into your area. */
    record StartConstruction(int building) implements BuildersMove {}

    /** 1 AP: take the face-up worker {@code worker} (card id) into your free workers. */
    record RecruitWorker(int worker) implements BuildersMove {}

    /** k AP for the k-th worker or machine sent to that building this turn, plus the worker's wage in coins. */
    record SendWorker(int worker, int building) implements BuildersMove {}

    /**
     * Sends a completed machine ({@code machine}, its building card id) to work: AP as for a worker (the k-th worker
     * or machine sent to that building this turn costs k), and no wage.
     */
    record SendMachine(int machine, int building) implements BuildersMove {}

    /** 1, 2 or 3 AP for 1, 3 or 6 coins. */
    record TakeCoins(int actionPoints) implements BuildersMove {}

    /** 5 coins for one more action point this turn. */
    record BuyActionPoint() implements BuildersMove {}

    /** Ends the turn; unused action points are lost. */
    record EndTurn() implements BuildersMove {}
}

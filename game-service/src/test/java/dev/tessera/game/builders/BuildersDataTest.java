package dev.tessera.game.builders;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The card data checked against game-service/docs/builders.md and its sources. */
class BuildersDataTest {

    @Test
    void there_are_34_buildings_with_ids_1_to_34_and_distinct_names() {
        assertEquals(34, BuildersData.BUILDINGS.size());
        for (int i = 0; i < 34; i++) {
            assertEquals(i + 1, BuildersData.BUILDINGS.get(i).id());
        }
        assertEquals(
                34,
                BuildersData.BUILDINGS.stream().map(Building::name).distinct().count());
    }

    @Test
    void building_requirements_total_60_stone_59_wood_61_knowledge_60_tile() {
        assertEquals(60, sumOfRequirements(Resources::stone));
        assertEquals(59, sumOfRequirements(Resources::wood));
        assertEquals(61, sumOfRequirements(Resources::knowledge));
        assertEquals(60, sumOfRequirements(Resources::tile));
    }

    private static int sumOfRequirements(ToIntFunction<Resources> resource) {
        return BuildersData.BUILDINGS.stream()
                .mapToInt(b -> resource.applyAsInt(b.requires()))
                .sum();
    }

    @Test
    void rewards_follow_the_documented_regularities() {
        for (Building building : BuildersData.BUILDINGS) {
            assertTrue(building.victoryPoints() >= 0 && building.victoryPoints() <= 8, building.name());
            if (building.victoryPoints() == 0) {
                assertEquals(8, building.coins(), building.name());
                assertEquals(2, building.requires().total(), building.name());
            } else {
                assertTrue(Set.of(6, 10, 12, 14, 16, 18, 20).contains(building.coins()), building.name());
            }
        }
        assertEquals(
                Set.of("Wooden Shack", "Bower"),
                BuildersData.BUILDINGS.stream()
                        .filter(b -> b.victoryPoints() == 0)
                        .map(Building::name)
                        .collect(Collectors.toSet()));
    }

    @Test
    void spot_checks_match_independent_sources() {
        Building silo = BuildersData.building(3);
        assertEquals("Grain Silo", silo.name());
        assertEquals(new Resources(0, 2, 3, 1), silo.requires());
        assertEquals(new Resources(5, 4, 4, 4), BuildersData.building(29).requires());
        assertEquals(8, BuildersData.building(29).victoryPoints());
    }

    @Test
    void the_8_assumed_machines_are_building_cards_35_to_42_paying_no_coins() {
        assertEquals(8, BuildersData.MACHINES.size());
        for (int i = 0; i < 8; i++) {
            Building machine = BuildersData.MACHINES.get(i);
            assertEquals(35 + i, machine.id());
            assertEquals(machine, BuildersData.building(35 + i));
            assertTrue(machine.machine(), machine.name());
            assertEquals(0, machine.coins(), machine.name());
        }
        assertTrue(BuildersData.BUILDINGS.stream().noneMatch(Building::machine));
        assertEquals(42, BuildersEdition.WITH_MACHINES.buildingCards().size());
        assertEquals(
                42,
                BuildersEdition.WITH_MACHINES.buildingCards().stream()
                        .map(Building::name)
                        .distinct()
                        .count());
        assertEquals(BuildersData.BUILDINGS, BuildersEdition.BUILDINGS_ONLY.buildingCards());
    }

    /** The design the assumption documents (game-service/docs/builders.md, "Assumptions", 1). */
    @Test
    void machines_are_balanced_as_documented() {
        for (Building machine : BuildersData.MACHINES) {
            int needs = machine.requires().total();
            int supplies = machine.supplies().total();
            assertTrue(
                    needs == 5 && supplies == 2 && machine.victoryPoints() == 1
                            || needs == 7 && supplies == 3 && machine.victoryPoints() == 2,
                    machine.name());
        }
        for (ToIntFunction<Resources> resource : List.<ToIntFunction<Resources>>of(
                Resources::stone, Resources::wood, Resources::knowledge, Resources::tile)) {
            assertEquals(
                    12,
                    BuildersData.MACHINES.stream()
                            .mapToInt(m -> resource.applyAsInt(m.requires()))
                            .sum());
            assertEquals(
                    5,
                    BuildersData.MACHINES.stream()
                            .mapToInt(m -> resource.applyAsInt(m.supplies()))
                            .sum());
        }
    }

    @Test
    void there_are_42_workers_6_apprentices_12_labourers_16_craftsmen_8_masters() {
        assertEquals(42, BuildersData.WORKERS.size());
        for (int i = 0; i < 42; i++) {
            assertEquals(i + 1, BuildersData.WORKERS.get(i).id());
        }
        Map<WorkerType, Long> byType =
                BuildersData.WORKERS.stream().collect(Collectors.groupingBy(Worker::type, Collectors.counting()));
        assertEquals(
                Map.of(
                        WorkerType.APPRENTICE,
                        6L,
                        WorkerType.LABOURER,
                        12L,
                        WorkerType.CRAFTSMAN,
                        16L,
                        WorkerType.MASTER,
                        8L),
                byType);
    }

    @Test
    void a_worker_supplies_as_many_resources_as_its_wage_2_to_5_by_rank() {
        assertEquals(2, WorkerType.APPRENTICE.wage());
        assertEquals(3, WorkerType.LABOURER.wage());
        assertEquals(4, WorkerType.CRAFTSMAN.wage());
        assertEquals(5, WorkerType.MASTER.wage());
        for (Worker worker : BuildersData.WORKERS) {
            assertEquals(worker.wage(), worker.supplies().total(), "worker " + worker.id());
        }
    }

    @Test
    void the_master_of_the_ludoclub_example_exists() {
        assertTrue(BuildersData.WORKERS.contains(new Worker(9, WorkerType.MASTER, new Resources(0, 2, 3, 0))));
    }
}

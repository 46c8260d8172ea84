import ScanoutUI

struct ShoppingItem: Identifiable, Equatable {
    let id = UUID()
    var name: String
    var isBought = false
}

struct ShoppingList: View {
    @State private var items = [ShoppingItem(name: "Milk"), ShoppingItem(name: "Bread"), ShoppingItem(name: "Coffee")]
    @State private var newItem = ""

    var body: some View {
        VStack {
            HStack {
                TextField("New item", text: $newItem)
                    .textFieldStyle(.roundedBorder)
                    .onSubmit(add)
                Button("Add", action: add)
                    .disabled(newItem.isEmpty)
            }
            .padding()
            List {
                ForEach($items) { $item in
                    Button {
                        item.isBought.toggle()
                    } label: {
                        Label(item.name, systemImage: item.isBought ? "checkmark.circle.fill" : "circle")
                    }
                }
            }
            Text("\(items.filter(\.isBought).count) of \(items.count) bought")
                .font(.footnote)
        }
    }

    private func add() {
        guard !newItem.isEmpty else { return }
        items.append(ShoppingItem(name: newItem))
        newItem = ""
    }
}

#Preview {
    ShoppingList()
}
